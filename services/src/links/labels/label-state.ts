import type { DomainEvent } from '@linkledger/contracts';

/** One tag of a workspace as its log has it: live, merged into another, or deleted. */
interface TagState {
  id: number;
  name: string;
  color: string;
  mergedInto?: number;
  deleted?: true;
}

interface FolderState {
  id: number;
  name: string;
  deleted?: true;
}

/** A workspace's tags and folders (stream `labels-{workspaceId}`, docs/links.md#tags-and-folders). */
export interface LabelsState {
  tags: readonly TagState[];
  folders: readonly FolderState[];
}

export const noLabels: LabelsState = { tags: [], folders: [] };

export const labelsStream = (workspaceId: number) => `labels-${workspaceId}`;

/** Names compare ignoring case: "Launch" and "launch" are one tag. */
export const sameName = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

const isLive = (label: { mergedInto?: number; deleted?: true }) => label.mergedInto === undefined && !label.deleted;

export const liveTags = (state: LabelsState) => state.tags.filter(isLive);
export const liveFolders = (state: LabelsState) => state.folders.filter(isLive);
export const liveTagNamed = (state: LabelsState, name: string) => liveTags(state).find((tag) => sameName(tag.name, name));
export const liveFolderNamed = (state: LabelsState, name: string) => liveFolders(state).find((folder) => sameName(folder.name, name));
/** The tags whose links read as `tagId`: itself and every tag merged into it, however many merges ago. */
export function carriedInto(state: LabelsState, tagId: number): number[] {
  const target = (tag: TagState | undefined, hops = 0): number | undefined =>
    tag?.mergedInto === undefined || hops > state.tags.length
      ? tag?.id
      : target(
          state.tags.find((each) => each.id === tag.mergedInto),
          hops + 1,
        );
  return state.tags.flatMap((tag) => (target(tag) === tagId ? [tag.id] : []));
}

/** The next id of a kind: ids are the workspace's own and never reused. */
export const nextId = (labels: readonly { id: number }[]) => labels.reduce((highest, label) => Math.max(highest, label.id), 0) + 1;

const changeTag = (state: LabelsState, id: number, change: Partial<TagState>): LabelsState => ({
  ...state,
  tags: state.tags.map((tag) => (tag.id === id ? { ...tag, ...change } : tag)),
});
const changeFolder = (state: LabelsState, id: number, change: Partial<FolderState>): LabelsState => ({
  ...state,
  folders: state.folders.map((folder) => (folder.id === id ? { ...folder, ...change } : folder)),
});

export function evolveLabels(state: LabelsState, event: DomainEvent): LabelsState {
  switch (event.type) {
    case 'TagCreated':
      return { ...state, tags: [...state.tags, { id: event.data.tag_id, name: event.data.name, color: event.data.color }] };
    case 'TagChanged':
      return changeTag(state, event.data.tag_id, { name: event.data.name, color: event.data.color });
    case 'TagsMerged':
      return changeTag(state, event.data.from_tag_id, { mergedInto: event.data.into_tag_id });
    case 'TagDeleted':
      return changeTag(state, event.data.tag_id, { deleted: true });
    case 'FolderCreated':
      return { ...state, folders: [...state.folders, { id: event.data.folder_id, name: event.data.name }] };
    case 'FolderRenamed':
      return changeFolder(state, event.data.folder_id, { name: event.data.name });
    case 'FolderDeleted':
      return changeFolder(state, event.data.folder_id, { deleted: true });
    default:
      return state;
  }
}
