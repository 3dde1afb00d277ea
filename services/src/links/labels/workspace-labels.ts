import { LINK_LABELS, type FolderLabelView, type LinkLabelsView, type TagLabelView } from '@linkledger/projections';
import type { Platform } from '../../platform/platform.ts';
import type { LabelNames } from '../link-response.ts';
import { sameName } from './label-state.ts';

/**
 * A workspace's tags and folders as the read model has them, read once per request: names by
 * id for answering links, and ids by name for filtering them (docs/links.md#tags-and-folders).
 */
export interface WorkspaceLabels extends LabelNames {
  /** The tags that are live (neither merged nor deleted). */
  liveTags(): TagLabelView[];
  /** The folders that are live (not deleted). */
  liveFolders(): FolderLabelView[];
  /** A live tag by name (ignoring case). */
  tagNamed(name: string): TagLabelView | undefined;
  /** The ids links may hold for a live tag: its own and every tag merged into it. */
  carriedIds(tagId: number): number[];
  /** A live folder's id by name (ignoring case). */
  folderIdNamed(name: string): number | undefined;
}

const EMPTY = (workspaceId: number): LinkLabelsView => ({ id: workspaceId, tags: [], folders: [] });

export async function workspaceLabels(platform: Pick<Platform, 'read'>, workspaceId: number): Promise<WorkspaceLabels> {
  return labelsOf((await platform.read.get<LinkLabelsView>(LINK_LABELS, workspaceId)) ?? EMPTY(workspaceId));
}

function labelsOf(view: LinkLabelsView): WorkspaceLabels {
  const tags = new Map(view.tags.map((tag) => [tag.id, tag]));
  /** The live tag a held id reads as: itself, or the end of its merges; nothing once deleted. */
  const resolve = (id: number): TagLabelView | undefined => {
    const seen = new Set<number>();
    for (let tag = tags.get(id); tag && !seen.has(tag.id); tag = tag.merged_into === null ? undefined : tags.get(tag.merged_into)) {
      seen.add(tag.id);
      if (tag.deleted) return undefined;
      if (tag.merged_into === null) return tag;
    }
    return undefined;
  };
  const liveTags = () => view.tags.filter((tag) => !tag.deleted && tag.merged_into === null);
  const liveFolders = () => view.folders.filter((folder) => !folder.deleted);
  return {
    tag: (id) => resolve(id)?.name,
    folder: (id) => liveFolders().find((folder) => folder.id === id)?.name,
    liveTags,
    liveFolders,
    tagNamed: (name) => liveTags().find((tag) => sameName(tag.name, name)),
    carriedIds: (tagId) => view.tags.flatMap((tag) => (resolve(tag.id)?.id === tagId ? [tag.id] : [])),
    folderIdNamed: (name) => liveFolders().find((folder) => sameName(folder.name, name))?.id,
  };
}
