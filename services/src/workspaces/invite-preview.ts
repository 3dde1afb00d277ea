import { shreddedEmail, type DomainEvent, type WorkspaceRole } from '@linkledger/contracts';
import { notFound } from '../commands/domain-error.ts';
import { INVITE_EXPIRED, INVITE_INVALID, INVITE_REVOKED, INVITE_USED } from './workspace-deciders.ts';
import { evolveWorkspace, noWorkspace, workspaceOf, type InviteTokenState, type WorkspaceAddress, type WorkspaceState } from './workspace-state.ts';

/** A workspace's stream folded for showing its invites: its state, and what each invite's sending said of it. */
interface InvitesShown {
  workspace: WorkspaceState;
  sent: Readonly<Record<string, { inviterId: number; emailMasked: string }>>;
}

export const noInvitesShown: InvitesShown = { workspace: noWorkspace, sent: {} };

export function evolveInvitesShown(state: InvitesShown, event: DomainEvent): InvitesShown {
  const workspace = evolveWorkspace(state.workspace, event);
  if (event.type !== 'WorkspaceInviteSent') return { ...state, workspace };
  const { invite_id: id, inviter_id: inviterId, email_masked: emailMasked } = event.data;
  return { workspace, sent: { ...state.sent, [id]: { inviterId, emailMasked } } };
}

/** What an invite's link offers while it can still be answered. */
interface InviteOffer {
  inviterId: number;
  role: WorkspaceRole;
  emailMasked: string;
  expiresAt: string;
}

/**
 * Given the token's stream and its workspace's, when someone opens the invite's link, then what it
 * offers, or why it cannot be answered: a token no invite has (or one of a deleted workspace), a
 * used one, a withdrawn one and an expired one are each not found, each with its own words (the
 * same the answer itself would give), so the screen can say what to do
 * (docs/workspaces.md#invites). Nothing is decided or recorded: opening the link spends nothing.
 */
export function inviteOffer(token: InviteTokenState, shown: InvitesShown, address: WorkspaceAddress, now: Date): InviteOffer {
  const workspace = workspaceOf(shown.workspace, address);
  const invite = token.inviteId === null ? undefined : workspace?.invites[token.inviteId];
  const sent = token.inviteId === null ? undefined : shown.sent[token.inviteId];
  // An invite whose inviter deleted their account can no longer be accepted (its address was shredded with their key).
  if (!workspace || !invite || !sent || token.workspaceId !== workspace.id || invite.email === shreddedEmail) throw notFound(INVITE_INVALID);
  if (token.used || invite.status === 'accepted' || invite.status === 'declined') throw notFound(INVITE_USED);
  if (invite.status === 'revoked') throw notFound(INVITE_REVOKED);
  if (now.getTime() >= Date.parse(invite.expiresAt)) throw notFound(INVITE_EXPIRED);
  return { inviterId: sent.inviterId, role: invite.role, emailMasked: sent.emailMasked, expiresAt: invite.expiresAt };
}
