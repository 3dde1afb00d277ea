import type { DomainEvent, EventType } from '@linkledger/contracts';
import type { LabelsState } from '../links/index.ts';

/** The tag and folder events a workspace's activity shows (docs/workspaces.md#activity); they live on stream `labels-{workspaceId}`. */
export const LABEL_ACTIVITY = [
  'TagCreated',
  'TagChanged',
  'TagsMerged',
  'TagDeleted',
  'FolderCreated',
  'FolderRenamed',
  'FolderDeleted',
] as const satisfies readonly EventType[];

export type LabelActivityEvent = Extract<DomainEvent, { type: (typeof LABEL_ACTIVITY)[number] }>;

/**
 * One sentence for a tag or folder event. `before` is the workspace's labels just before it:
 * merges and deletions carry only ids, and a rename says what the name was (none known: "a tag"). `quoted` cuts and
 * quotes a name as the other sentences do.
 */
export function labelSentence(who: string, event: LabelActivityEvent, before: LabelsState | undefined, quoted: (text: string) => string): string {
  const tags = before?.tags ?? [];
  const folders = before?.folders ?? [];
  const tagName = (id: number) => tags.find((each) => each.id === id)?.name;
  const tag = (id: number) => {
    const name = tagName(id);
    return name === undefined ? 'a tag' : `the tag ${quoted(name)}`;
  };
  const folder = (id: number) => {
    const found = folders.find((each) => each.id === id);
    return found ? `the folder ${quoted(found.name)}` : 'a folder';
  };
  switch (event.type) {
    case 'TagCreated':
      return `${who} created the tag ${quoted(event.data.name)}`;
    case 'TagChanged': {
      const old = tags.find((each) => each.id === event.data.tag_id);
      const renamed = old !== undefined && old.name !== event.data.name;
      const recoloured = old === undefined || old.color !== event.data.color;
      if (renamed && recoloured) return `${who} renamed ${tag(event.data.tag_id)} to ${quoted(event.data.name)} and recoloured it ${event.data.color}`;
      if (renamed) return `${who} renamed ${tag(event.data.tag_id)} to ${quoted(event.data.name)}`;
      return `${who} recoloured the tag ${quoted(event.data.name)} ${old ? `from ${old.color} ` : ''}to ${event.data.color}`;
    }
    case 'TagsMerged': {
      const into = tagName(event.data.into_tag_id);
      return `${who} merged ${tag(event.data.from_tag_id)} into ${into === undefined ? 'another tag' : quoted(into)}`;
    }
    case 'TagDeleted':
      return `${who} deleted ${tag(event.data.tag_id)}`;
    case 'FolderCreated':
      return `${who} created the folder ${quoted(event.data.name)}`;
    case 'FolderRenamed':
      return `${who} renamed ${folder(event.data.folder_id)} to ${quoted(event.data.name)}`;
    case 'FolderDeleted':
      return `${who} deleted ${folder(event.data.folder_id)}`;
  }
}
