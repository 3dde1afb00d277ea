import { z } from 'zod';

const id = z.number().int().positive();

/*
 * A workspace's tags and folders (docs/links.md#tags-and-folders), all on one stream per
 * workspace, `labels-{workspace_id}`, so a name is unique in the workspace by one decider.
 * Ids are the workspace's own (1, 2, … per kind); links hold them, so a rename touches no link.
 */

/** A colour from the small palette, or #rrggbb. */
const color = z.string();

const TagCreatedV1 = z.object({ workspace_id: id, tag_id: id, name: z.string(), color });
/** A tag renamed or recoloured: its name and colour as they are now. */
const TagChangedV1 = z.object({ workspace_id: id, tag_id: id, name: z.string(), color });
/** Links carrying `from_tag_id` read as carrying `into_tag_id` from now on; the name of `from` is free again. */
const TagsMergedV1 = z.object({ workspace_id: id, from_tag_id: id, into_tag_id: id });
/** Links carrying it read as not carrying it; its name is free again. */
const TagDeletedV1 = z.object({ workspace_id: id, tag_id: id });
const FolderCreatedV1 = z.object({ workspace_id: id, folder_id: id, name: z.string() });
const FolderRenamedV1 = z.object({ workspace_id: id, folder_id: id, name: z.string() });
/** Links filed in it read as in no folder; its name is free again. */
const FolderDeletedV1 = z.object({ workspace_id: id, folder_id: id });

export const linkLabelEvents = {
  TagCreated: { 1: TagCreatedV1 },
  TagChanged: { 1: TagChangedV1 },
  TagsMerged: { 1: TagsMergedV1 },
  TagDeleted: { 1: TagDeletedV1 },
  FolderCreated: { 1: FolderCreatedV1 },
  FolderRenamed: { 1: FolderRenamedV1 },
  FolderDeleted: { 1: FolderDeletedV1 },
} as const;
