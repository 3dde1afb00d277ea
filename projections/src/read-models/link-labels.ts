import type { ReadModelHandlers } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** Each workspace's tags and folders, one document per workspace (docs/links.md#tags-and-folders). */
export const LINK_LABELS = 'link_labels';

export interface TagLabelView {
  id: number;
  name: string;
  color: string;
  /** The tag it was merged into: links carrying this one read as carrying that one. */
  merged_into: number | null;
  deleted: boolean;
}

export interface FolderLabelView {
  id: number;
  name: string;
  deleted: boolean;
}

export interface LinkLabelsView {
  [key: string]: unknown;
  /** The workspace's id. */
  id: number;
  tags: TagLabelView[];
  folders: FolderLabelView[];
}

export const linkLabelIndexes = { [LINK_LABELS]: [] } as const;

async function change(tx: UnitOfWork, workspaceId: number, update: (labels: LinkLabelsView) => LinkLabelsView) {
  const held = (await tx.get<LinkLabelsView>(LINK_LABELS, workspaceId)) ?? { id: workspaceId, tags: [], folders: [] };
  tx.put(LINK_LABELS, update(held));
}

const changeTag = (id: number, edit: Partial<TagLabelView>) => (labels: LinkLabelsView) => ({
  ...labels,
  tags: labels.tags.map((tag) => (tag.id === id ? { ...tag, ...edit } : tag)),
});
const changeFolder = (id: number, edit: Partial<FolderLabelView>) => (labels: LinkLabelsView) => ({
  ...labels,
  folders: labels.folders.map((folder) => (folder.id === id ? { ...folder, ...edit } : folder)),
});

export const linkLabelHandlers: ReadModelHandlers = {
  async TagCreated({ workspace_id, tag_id, name, color }, _recorded, tx) {
    await change(tx, workspace_id, (labels) => ({ ...labels, tags: [...labels.tags, { id: tag_id, name, color, merged_into: null, deleted: false }] }));
  },
  async TagChanged({ workspace_id, tag_id, name, color }, _recorded, tx) {
    await change(tx, workspace_id, changeTag(tag_id, { name, color }));
  },
  async TagsMerged({ workspace_id, from_tag_id, into_tag_id }, _recorded, tx) {
    await change(tx, workspace_id, changeTag(from_tag_id, { merged_into: into_tag_id }));
  },
  async TagDeleted({ workspace_id, tag_id }, _recorded, tx) {
    await change(tx, workspace_id, changeTag(tag_id, { deleted: true }));
  },
  async FolderCreated({ workspace_id, folder_id, name }, _recorded, tx) {
    await change(tx, workspace_id, (labels) => ({ ...labels, folders: [...labels.folders, { id: folder_id, name, deleted: false }] }));
  },
  async FolderRenamed({ workspace_id, folder_id, name }, _recorded, tx) {
    await change(tx, workspace_id, changeFolder(folder_id, { name }));
  },
  async FolderDeleted({ workspace_id, folder_id }, _recorded, tx) {
    await change(tx, workspace_id, changeFolder(folder_id, { deleted: true }));
  },
  // A deleted workspace's labels go with it; a personal workspace goes with its account.
  WorkspaceDeleted({ workspace_id }, _recorded, tx) {
    tx.delete(LINK_LABELS, workspace_id);
  },
  AccountDeleted({ user_id }, _recorded, tx) {
    tx.delete(LINK_LABELS, user_id);
  },
};
