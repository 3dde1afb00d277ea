import type { BioPage, BioPageAnalytics, BioPageList, BioPagePreview, BioTheme } from '@linkledger/contracts';
import { api } from '../../api/client.ts';
import { invalidate } from '../../api/query.ts';

/** The link-in-bio calls the Pages screen makes (docs/pages.md#link-in-bio-pages), and the key they are cached under. */

export type { BioPage, BioPageAnalytics };

/** What the editor saves: the page's own fields (the avatar is uploaded apart). */
export interface BioPageDraft {
  slug: string;
  title: string;
  bio: string;
  links: number[];
  theme: BioTheme;
}

const path = (workspaceId: number, rest = '') => `/workspaces/${workspaceId}/pages${rest}`;

export const bioPagesApi = {
  list: (workspaceId: number) => api<BioPageList>(path(workspaceId)),
  create: (workspaceId: number, draft: BioPageDraft) => api<BioPage>(path(workspaceId), { method: 'POST', body: draft }),
  update: (workspaceId: number, pageId: number, draft: Partial<BioPageDraft>) =>
    api<BioPage>(path(workspaceId, `/${pageId}`), { method: 'PATCH', body: draft }),
  remove: (workspaceId: number, pageId: number) => api<{ message: string }>(path(workspaceId, `/${pageId}`), { method: 'DELETE' }),
  uploadAvatar: (workspaceId: number, pageId: number, file: Blob) =>
    api<{ avatar_url: string }>(path(workspaceId, `/${pageId}/avatar`), { method: 'POST', body: file }),
  /** The page a draft would be, as the server renders it for visitors. */
  preview: (workspaceId: number, draft: Omit<BioPageDraft, 'slug'> & { page_id?: number }) =>
    api<BioPagePreview>(path(workspaceId, '/preview'), { method: 'POST', body: draft }),
  analytics: (workspaceId: number, pageId: number) => api<BioPageAnalytics>(path(workspaceId, `/${pageId}/analytics`)),
};

/** A workspace's pages. */
export const bioPagesQuery = (workspaceId: number) => ['bio-pages', workspaceId] as const;

/** After a page was made, changed or deleted: the list is read again. */
export const bioPagesChanged = () => invalidate(['bio-pages']);
