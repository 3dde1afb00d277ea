import type { z } from 'zod';
import type {
  BrandAnswer,
  BrandBody,
  BrandView,
  QrLogoResponse,
  Workspace,
  WorkspaceActivity,
  WorkspaceInvite,
  WorkspaceInvitePreview,
  WorkspaceMembers,
  WorkspaceRole,
} from '@linkledger/contracts';
import { chooseWorkspace } from '../../api/chosen-workspace.ts';
import { api } from '../../api/client.ts';
import { invalidate } from '../../api/query.ts';

/** The workspace calls the screens make (docs/workspaces.md#api), and the keys they are cached under. */

export type { BrandView, Workspace, WorkspaceActivity, WorkspaceRole };
export type Members = z.infer<typeof WorkspaceMembers>;
export type Member = Members['members'][number];
export type Invite = z.infer<typeof WorkspaceInvite>;
export type InvitePreview = z.infer<typeof WorkspaceInvitePreview>;

/** A call the read model has not caught up with yet answers 202 with what to tell the person. */
interface StillProcessing {
  detail: string;
  still_processing: true;
}
type Message = { message: string };
type WorkspaceAnswer = { message: string; workspace: Workspace } | StillProcessing;
/** A workspace the caller is now in (created or joined), or the 202 that names it by its id. */
type EnteredWorkspace = WorkspaceAnswer & { id?: number };

export const messageOf = (answer: Message | StillProcessing) => ('message' in answer ? answer.message : answer.detail);

const path = (id: number, rest = '') => `/workspaces/${id}${rest}`;

export const workspacesApi = {
  list: () => api<{ workspaces: Workspace[] }>('/workspaces'),
  create: (name: string, slug: string) => api<EnteredWorkspace>('/workspaces', { method: 'POST', body: { name, slug } }),
  rename: (id: number, name: string) => api<WorkspaceAnswer>(path(id), { method: 'PATCH', body: { name } }),
  remove: (id: number) => api<Message>(path(id), { method: 'DELETE' }),
  members: (id: number) => api<Members>(path(id, '/members')),
  /** One page of the activity feed, newest first; `query` from activityApiQuery. */
  activity: (id: number, query: string) => api<WorkspaceActivity>(path(id, `/activity${query}`)),
  changeRole: (id: number, userId: number, role: WorkspaceRole) => api<Message>(path(id, `/members/${userId}`), { method: 'PATCH', body: { role } }),
  /** Removes a member; for the caller's own id, leaves. */
  removeMember: (id: number, userId: number) => api<Message>(path(id, `/members/${userId}`), { method: 'DELETE' }),
  transfer: (id: number, userId: number) => api<Message>(path(id, '/transfer'), { method: 'POST', body: { user_id: userId } }),
  invite: (id: number, email: string, role: WorkspaceRole) =>
    api<{ message: string; invite: Invite } | StillProcessing>(path(id, '/invites'), { method: 'POST', body: { email, role } }),
  revokeInvite: (id: number, inviteId: string) => api<Message>(path(id, `/invites/${encodeURIComponent(inviteId)}`), { method: 'DELETE' }),
  accept: (token: string) => api<EnteredWorkspace>('/workspace-invites/accept', { method: 'POST', body: { token } }),
  decline: (token: string) => api<Message>('/workspace-invites/decline', { method: 'POST', body: { token } }),
  /** What an invite offers, for anyone holding its link; the token goes in the body, never in an address. */
  preview: (token: string) => api<InvitePreview>('/workspace-invites/preview', { method: 'POST', body: { token } }),
  /** The brand visitors see on the workspace's domains (docs/pages.md#white-label). */
  brand: (id: number) => api<BrandAnswer>(path(id, '/branding')),
  setBrand: (id: number, brand: z.input<typeof BrandBody>) => api<BrandAnswer>(path(id, '/branding'), { method: 'PUT', body: brand }),
  removeBrand: (id: number) => api<Message>(path(id, '/branding'), { method: 'DELETE' }),
  uploadBrandLogo: (id: number, file: Blob) => api<QrLogoResponse>(path(id, '/branding/logo'), { method: 'POST', body: file }),
};

/** The caller's workspaces (the switcher, the settings tab). */
export const WORKSPACES_QUERY = ['workspaces'] as const;
/** One workspace's members, invites and seats. */
export const membersQuery = (id: number) => [...WORKSPACES_QUERY, id, 'members'] as const;

/** One workspace's brand for its visitors. */
export const brandQuery = (id: number) => [...WORKSPACES_QUERY, id, 'brand'] as const;

/** After any change to a workspace: its list entry and its members are read again. */
export const workspacesChanged = () => invalidate(WORKSPACES_QUERY);

/** After the caller created or joined a workspace: the lists are read again and the app acts in it; answers what to tell them. */
export async function enterWorkspace(answer: EnteredWorkspace): Promise<string> {
  const id = 'workspace' in answer ? answer.workspace.id : answer.id;
  await workspacesChanged();
  if (id !== undefined) await chooseWorkspace(id);
  return messageOf(answer);
}
