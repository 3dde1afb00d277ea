import type { DomainEvent } from '@linkledger/contracts';
import type { Decider } from '../../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../../commands/domain-error.ts';
import {
  evolveLabels,
  labelsStream,
  liveFolderNamed,
  liveFolders,
  liveTagNamed,
  liveTags,
  nextId,
  noLabels,
  sameName,
  type LabelsState,
} from './label-state.ts';

export const TAG_NOT_FOUND = 'There is no such tag in this workspace.';
export const FOLDER_NOT_FOUND = 'There is no such folder in this workspace.';
const tagTaken = (name: string) => `This workspace already has a tag named “${name}”.`;
const folderTaken = (name: string) => `This workspace already has a folder named “${name}”.`;

/** What one request may do to a workspace's tags and folders (docs/links.md#tags-and-folders). */
export type LabelCommand = { workspaceId: number } & (
  | { kind: 'ensure'; tags: readonly string[]; folder?: string | undefined; color: string }
  | { kind: 'create_tag'; name: string; color: string }
  | { kind: 'change_tag'; tagId: number; name?: string | undefined; color?: string | undefined }
  | { kind: 'merge_tags'; fromId: number; intoId: number }
  | { kind: 'delete_tag'; tagId: number }
  | { kind: 'create_folder'; name: string }
  | { kind: 'rename_folder'; folderId: number; name: string }
  | { kind: 'delete_folder'; folderId: number }
);

const liveTag = (state: LabelsState, id: number) => {
  const tag = liveTags(state).find((each) => each.id === id);
  if (!tag) throw notFound(TAG_NOT_FOUND);
  return tag;
};
const liveFolder = (state: LabelsState, id: number) => {
  const folder = liveFolders(state).find((each) => each.id === id);
  if (!folder) throw notFound(FOLDER_NOT_FOUND);
  return folder;
};

/**
 * Given a workspace's labels, when a request names, creates, changes, merges or deletes some,
 * then: names unknown to it are created (`ensure`, what a link's `tags`/`folder` do), a name
 * another live tag or folder holds (ignoring case) is refused, an id it has not (or no longer)
 * is "not found", and a change to what already is records nothing.
 */
function decideLabels(command: LabelCommand, state: LabelsState): DomainEvent[] {
  const workspace_id = command.workspaceId;
  switch (command.kind) {
    case 'ensure': {
      const events: DomainEvent[] = [];
      let tagId = nextId(state.tags);
      const created: string[] = [];
      for (const name of command.tags) {
        if (liveTagNamed(state, name) || created.some((each) => sameName(each, name))) continue;
        created.push(name);
        events.push({ type: 'TagCreated', data: { workspace_id, tag_id: tagId++, name, color: command.color } });
      }
      if (command.folder !== undefined && !liveFolderNamed(state, command.folder)) {
        events.push({ type: 'FolderCreated', data: { workspace_id, folder_id: nextId(state.folders), name: command.folder } });
      }
      return events;
    }
    case 'create_tag':
      if (liveTagNamed(state, command.name)) throw conflict(tagTaken(command.name));
      return [{ type: 'TagCreated', data: { workspace_id, tag_id: nextId(state.tags), name: command.name, color: command.color } }];
    case 'change_tag': {
      const tag = liveTag(state, command.tagId);
      const name = command.name ?? tag.name;
      const color = command.color ?? tag.color;
      const holder = liveTagNamed(state, name);
      if (holder && holder.id !== tag.id) throw conflict(tagTaken(name));
      if (name === tag.name && color === tag.color) return [];
      return [{ type: 'TagChanged', data: { workspace_id, tag_id: tag.id, name, color } }];
    }
    case 'merge_tags': {
      if (command.fromId === command.intoId) throw invalid('A tag cannot be merged into itself; choose another tag', 'into');
      const from = liveTag(state, command.fromId);
      const into = liveTag(state, command.intoId);
      return [{ type: 'TagsMerged', data: { workspace_id, from_tag_id: from.id, into_tag_id: into.id } }];
    }
    case 'delete_tag':
      return [{ type: 'TagDeleted', data: { workspace_id, tag_id: liveTag(state, command.tagId).id } }];
    case 'create_folder':
      if (liveFolderNamed(state, command.name)) throw conflict(folderTaken(command.name));
      return [{ type: 'FolderCreated', data: { workspace_id, folder_id: nextId(state.folders), name: command.name } }];
    case 'rename_folder': {
      const folder = liveFolder(state, command.folderId);
      const holder = liveFolderNamed(state, command.name);
      if (holder && holder.id !== folder.id) throw conflict(folderTaken(command.name));
      if (command.name === folder.name) return [];
      return [{ type: 'FolderRenamed', data: { workspace_id, folder_id: folder.id, name: command.name } }];
    }
    case 'delete_folder':
      return [{ type: 'FolderDeleted', data: { workspace_id, folder_id: liveFolder(state, command.folderId).id } }];
  }
}

export const labelsDecider: Decider<LabelCommand, LabelsState> = {
  streamOf: (command) => labelsStream(command.workspaceId),
  initialState: noLabels,
  evolve: evolveLabels,
  decide: decideLabels,
};
