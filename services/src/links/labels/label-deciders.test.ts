import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../../testing/decider-spec.ts';
import { FOLDER_NOT_FOUND, TAG_NOT_FOUND, labelsDecider } from './label-deciders.ts';

const labels = deciderSpec(labelsDecider);
const W = { workspaceId: 7 };
const tag = (tag_id: number, name: string, color = 'gray'): DomainEvent => ({ type: 'TagCreated', data: { workspace_id: 7, tag_id, name, color } });
const folder = (folder_id: number, name: string): DomainEvent => ({ type: 'FolderCreated', data: { workspace_id: 7, folder_id, name } });

describe('labels decider', () => {
  it('given some tags, when a link names tags and a folder, then only the unknown names are created, each once, with new ids', () => {
    labels
      .given([tag(1, 'Launch'), folder(1, 'Q4')])
      .when({ ...W, kind: 'ensure', tags: ['launch', 'Press', 'PRESS', 'Social'], folder: 'q4', color: 'gray' })
      .then([tag(2, 'Press'), tag(3, 'Social')]);
    labels
      .given([folder(1, 'Q4')])
      .when({ ...W, kind: 'ensure', tags: [], folder: 'Archive', color: 'gray' })
      .then([folder(2, 'Archive')]);
  });

  it('given a tag, when another is created with its name in another case, then it is refused; a deleted or merged tag frees its name', () => {
    labels
      .given([tag(1, 'Launch')])
      .when({ ...W, kind: 'create_tag', name: 'LAUNCH', color: 'red' })
      .thenThrows('already has a tag named “LAUNCH”');
    labels
      .given([tag(1, 'Launch'), { type: 'TagDeleted', data: { workspace_id: 7, tag_id: 1 } }])
      .when({ ...W, kind: 'create_tag', name: 'launch', color: 'red' })
      .then([tag(2, 'launch', 'red')]);
    labels
      .given([tag(1, 'Launch'), tag(2, 'Go'), { type: 'TagsMerged', data: { workspace_id: 7, from_tag_id: 1, into_tag_id: 2 } }])
      .when({ ...W, kind: 'create_tag', name: 'Launch', color: 'blue' })
      .then([tag(3, 'Launch', 'blue')]);
  });

  it('given a tag, when it is renamed or recoloured, then the change is recorded whole; the same values again record nothing', () => {
    const given = labels.given([tag(1, 'Launch'), tag(2, 'Press')]);
    given
      .when({ ...W, kind: 'change_tag', tagId: 1, color: '#1a2b3c' })
      .then([{ type: 'TagChanged', data: { workspace_id: 7, tag_id: 1, name: 'Launch', color: '#1a2b3c' } }]);
    given
      .when({ ...W, kind: 'change_tag', tagId: 1, name: 'launch' })
      .then([{ type: 'TagChanged', data: { workspace_id: 7, tag_id: 1, name: 'launch', color: 'gray' } }]);
    given.when({ ...W, kind: 'change_tag', tagId: 1, name: 'Launch', color: 'gray' }).then([]);
    given.when({ ...W, kind: 'change_tag', tagId: 1, name: 'press' }).thenThrows('already has a tag named “press”');
    given.when({ ...W, kind: 'change_tag', tagId: 9, name: 'x' }).thenThrows(TAG_NOT_FOUND);
  });

  it('given two tags, when one is merged into the other, then it is recorded; merging into itself, a merged or a deleted tag is refused', () => {
    const given = labels.given([tag(1, 'Launch'), tag(2, 'Go'), tag(3, 'Old'), { type: 'TagDeleted', data: { workspace_id: 7, tag_id: 3 } }]);
    given.when({ ...W, kind: 'merge_tags', fromId: 1, intoId: 2 }).then([{ type: 'TagsMerged', data: { workspace_id: 7, from_tag_id: 1, into_tag_id: 2 } }]);
    given.when({ ...W, kind: 'merge_tags', fromId: 1, intoId: 1 }).thenThrows('cannot be merged into itself');
    given.when({ ...W, kind: 'merge_tags', fromId: 1, intoId: 3 }).thenThrows(TAG_NOT_FOUND);
    labels
      .given([tag(1, 'Launch'), tag(2, 'Go'), { type: 'TagsMerged', data: { workspace_id: 7, from_tag_id: 1, into_tag_id: 2 } }])
      .when({ ...W, kind: 'delete_tag', tagId: 1 })
      .thenThrows(TAG_NOT_FOUND);
  });

  it('given folders, when one is created, renamed or deleted, then names stay unique ignoring case and ids are never reused', () => {
    const given = labels.given([folder(1, 'Q4'), folder(2, 'Press'), { type: 'FolderDeleted', data: { workspace_id: 7, folder_id: 2 } }]);
    given.when({ ...W, kind: 'create_folder', name: 'q4' }).thenThrows('already has a folder named “q4”');
    given.when({ ...W, kind: 'create_folder', name: 'press' }).then([folder(3, 'press')]);
    given.when({ ...W, kind: 'rename_folder', folderId: 1, name: 'Q1' }).then([{ type: 'FolderRenamed', data: { workspace_id: 7, folder_id: 1, name: 'Q1' } }]);
    given.when({ ...W, kind: 'rename_folder', folderId: 1, name: 'Q4' }).then([]);
    given.when({ ...W, kind: 'rename_folder', folderId: 2, name: 'X' }).thenThrows(FOLDER_NOT_FOUND);
    given.when({ ...W, kind: 'delete_folder', folderId: 1 }).then([{ type: 'FolderDeleted', data: { workspace_id: 7, folder_id: 1 } }]);
    expect(labels.given([folder(1, 'Q4')]).state.folders).toHaveLength(1);
  });
});
