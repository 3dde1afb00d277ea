import type { Where } from '@linkledger/contracts';
import type { WorkspaceLabels } from './workspace-labels.ts';

/** The tag and folder filters a list of links takes (docs/links.md#tags-and-folders). */
interface LabelFilterQuery {
  tag?: string[] | undefined;
  tag_mode?: 'any' | 'all' | undefined;
  folder?: string | undefined;
}

const NOTHING: Where = { id: { in: [] } };

/**
 * The filters as a read-store condition on the links' `tag_ids` and `folder_id`. A tag counts
 * with every tag merged into it; a name the workspace has no live tag or folder of matches no
 * link (with `any`, the other names still match).
 */
export function labelFilter(labels: WorkspaceLabels, query: LabelFilterQuery): Where | undefined {
  const where: Where = {};
  if (query.folder !== undefined) {
    const folderId = labels.folderIdNamed(query.folder);
    if (folderId === undefined) return NOTHING;
    where['folder_id'] = folderId;
  }
  if (query.tag?.length) {
    const groups = query.tag.map((name) => {
      const tag = labels.tagNamed(name);
      return tag ? labels.carriedIds(tag.id) : [];
    });
    if (query.tag_mode === 'all') {
      if (groups.some((ids) => ids.length === 0)) return NOTHING;
      const single = groups.filter((ids) => ids.length === 1).flat();
      const merged = groups.filter((ids) => ids.length > 1);
      if (single.length) where['tag_ids'] = { has_all: single };
      if (merged.length) where.and = merged.map((ids) => ({ tag_ids: { has_any: ids } }));
    } else {
      where['tag_ids'] = { has_any: groups.flat() };
    }
  }
  return Object.keys(where).length ? where : undefined;
}
