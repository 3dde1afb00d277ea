import { InputField } from '../../ui/Field.tsx';
import { useFolders } from './label-queries.ts';
import { TagPicker } from './TagPicker.tsx';

export interface LabelsDraft {
  tags: string[];
  folder: string;
}

interface LabelFieldsProps {
  id: string;
  draft: LabelsDraft;
  onChange(draft: LabelsDraft): void;
  disabled: boolean;
}

/** The Create and Edit dialogs' Tags and Folder (docs/links.md#tags-and-folders). */
export function LabelFields({ id, draft, onChange, disabled }: LabelFieldsProps) {
  const folders = useFolders().data ?? [];
  return (
    <>
      <TagPicker
        id={`${id}-tags`}
        label="Tags"
        value={draft.tags}
        onChange={(tags) => onChange({ ...draft, tags })}
        disabled={disabled}
        hint="New names become new tags of the workspace."
      />
      <InputField
        id={`${id}-folder`}
        label={
          <>
            Folder <span className="field__optional">(optional)</span>
          </>
        }
        name="folder"
        type="text"
        maxLength={100}
        list={`${id}-folders`}
        value={draft.folder}
        onValue={(folder) => onChange({ ...draft, folder })}
        disabled={disabled}
      />
      <datalist id={`${id}-folders`}>
        {folders.map((folder) => (
          <option key={folder.id} value={folder.name} />
        ))}
      </datalist>
    </>
  );
}

/** The labels as a new link sends them: only what is set. */
export function newLinkLabels(draft: LabelsDraft): { tags?: string[]; folder?: string } {
  return { ...(draft.tags.length ? { tags: draft.tags } : {}), ...(draft.folder.trim() ? { folder: draft.folder.trim() } : {}) };
}

/** The labels as an edit sends them: only what differs from the link; a cleared folder as null. */
export function changedLabels(link: { tags: string[]; folder: string | null }, draft: LabelsDraft): { tags?: string[]; folder?: string | null } {
  const changes: { tags?: string[]; folder?: string | null } = {};
  if (draft.tags.join('\n') !== link.tags.join('\n')) changes.tags = draft.tags;
  const folder = draft.folder.trim() || null;
  if (folder !== link.folder) changes.folder = folder;
  return changes;
}
