import { SelectField } from '../../ui/SelectField.tsx';
import { useFolders } from './label-queries.ts';
import { TagPicker } from './TagPicker.tsx';

interface LabelFilter {
  tags: string[];
  tagMode: 'any' | 'all';
  folder: string;
}

const MODES: { value: 'any' | 'all'; label: string }[] = [
  { value: 'any', label: 'Any of the tags' },
  { value: 'all', label: 'All of the tags' },
];

/** The Your URLs filters by tag (any or all) and folder (docs/links.md#tags-and-folders). */
export function LabelFilters({ id, filter, onChange }: { id: string; filter: LabelFilter; onChange(changes: Partial<LabelFilter>): void }) {
  const folders = useFolders().data ?? [];
  const folderOptions = [{ value: '', label: 'All folders' }, ...folders.map((folder) => ({ value: folder.name, label: folder.name }))];
  return (
    <div className="label-filters">
      <TagPicker id={`${id}-tags`} label="Tags" value={filter.tags} onChange={(tags) => onChange({ tags })} />
      <SelectField
        className="filters__select"
        id={`${id}-tag-mode`}
        label="Match"
        value={filter.tagMode}
        options={MODES}
        onChange={(tagMode) => onChange({ tagMode })}
      />
      <SelectField
        className="filters__select"
        id={`${id}-folder`}
        label="Folder"
        value={filter.folder}
        options={folderOptions}
        onChange={(folder) => onChange({ folder })}
      />
    </div>
  );
}
