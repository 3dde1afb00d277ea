import { labelsApi } from '../../api/endpoints.ts';
import { invalidate, useQuery } from '../../api/query.ts';

/*
 * The workspace's tags and folders (docs/links.md#tags-and-folders): read by the link rows
 * (colours), the dialogs (suggestions), the filters and the Tags page.
 */
const LABELS = ['labels'] as const;
const TAGS_QUERY = [...LABELS, 'tags'] as const;
const FOLDERS_QUERY = [...LABELS, 'folders'] as const;

export const useTags = () => useQuery(TAGS_QUERY, labelsApi.tags);
export const useFolders = () => useQuery(FOLDERS_QUERY, labelsApi.folders);

/** After a link or a label changed: names, colours and counts are read again. */
export const labelsChanged = () => invalidate(LABELS);

/** After a tag or folder was renamed, merged or deleted: the labels, and the link lists that show its name (the links feature's `['links']` pages). */
export const labelsEdited = () => Promise.all([invalidate(LABELS), invalidate(['links'])]);
