import { describe, expect, it } from 'vitest';
import { evolveLabels, noLabels } from '../links/index.ts';
import { activitySentence, type ActivityEvent } from './activity-sentences.ts';

const WORKSPACE = 3;
const labels = [
  { type: 'TagCreated', data: { workspace_id: WORKSPACE, tag_id: 1, name: 'Launch', color: 'gray' } },
  { type: 'TagCreated', data: { workspace_id: WORKSPACE, tag_id: 2, name: 'Press', color: 'blue' } },
  { type: 'FolderCreated', data: { workspace_id: WORKSPACE, folder_id: 1, name: 'Q4' } },
] as const satisfies ActivityEvent[];
const given = labels.reduce(evolveLabels, noLabels);

/** Given the workspace's labels before, when a tag or folder event, then the feed says … */
const sentence = (event: ActivityEvent, labelsBefore = given) => activitySentence(event, { actor: 'asha', linkBefore: null, nameOf: () => 'x', labelsBefore });

describe('activity sentences of tags and folders (given the labels before, when an event, then one sentence)', () => {
  it('a tag renamed, recoloured, or both: from its old name and colour', () => {
    const changed = (name: string, color: string): ActivityEvent => ({ type: 'TagChanged', data: { workspace_id: WORKSPACE, tag_id: 1, name, color } });
    expect(sentence(changed('Liftoff', 'gray'))).toBe('asha renamed the tag “Launch” to “Liftoff”');
    expect(sentence(changed('Launch', 'green'))).toBe('asha recoloured the tag “Launch” from gray to green');
    expect(sentence(changed('Liftoff', 'green'))).toBe('asha renamed the tag “Launch” to “Liftoff” and recoloured it green');
  });

  it('merges and deletions name the tags and folders they carry only the ids of', () => {
    expect(sentence({ type: 'TagsMerged', data: { workspace_id: WORKSPACE, from_tag_id: 2, into_tag_id: 1 } })).toBe(
      'asha merged the tag “Press” into “Launch”',
    );
    expect(sentence({ type: 'TagDeleted', data: { workspace_id: WORKSPACE, tag_id: 2 } })).toBe('asha deleted the tag “Press”');
    expect(sentence({ type: 'FolderRenamed', data: { workspace_id: WORKSPACE, folder_id: 1, name: 'Q1' } })).toBe('asha renamed the folder “Q4” to “Q1”');
    expect(sentence({ type: 'FolderDeleted', data: { workspace_id: WORKSPACE, folder_id: 1 } })).toBe('asha deleted the folder “Q4”');
  });

  it('a label the history does not hold is named generically, and a long name is cut', () => {
    expect(sentence({ type: 'TagDeleted', data: { workspace_id: WORKSPACE, tag_id: 9 } }, noLabels)).toBe('asha deleted a tag');
    expect(sentence({ type: 'TagsMerged', data: { workspace_id: WORKSPACE, from_tag_id: 9, into_tag_id: 8 } }, noLabels)).toBe(
      'asha merged a tag into another tag',
    );
    const long = 'x'.repeat(300);
    expect(sentence({ type: 'FolderCreated', data: { workspace_id: WORKSPACE, folder_id: 2, name: long } })).toBe(
      `asha created the folder “${'x'.repeat(199)}…”`,
    );
  });
});
