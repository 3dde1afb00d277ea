import './labels.css';
import { useState, type KeyboardEvent } from 'react';
import { FieldFrame } from '../../ui/Field.tsx';
import { useTags } from './label-queries.ts';
import { TagChip } from './TagChips.tsx';

interface TagPickerProps {
  id: string;
  label: string;
  value: string[];
  onChange(tags: string[]): void;
  disabled?: boolean;
  hint?: string;
}

const same = (a: string, b: string) => a.toLocaleLowerCase('en') === b.toLocaleLowerCase('en');

/**
 * Tags by name (docs/links.md#tags-and-folders): type a name and press Enter or a comma to add
 * it (the workspace's tags are suggested; a new name is created when the link is saved),
 * Backspace in the empty box or × removes one.
 */
export function TagPicker({ id, label, value, onChange, disabled, hint }: TagPickerProps) {
  const [text, setText] = useState('');
  const tags = useTags().data ?? [];
  const add = (raw: string) => {
    const name = raw.trim();
    setText('');
    if (!name || value.some((each) => same(each, name))) return;
    // An existing tag is written as the workspace writes it.
    onChange([...value, tags.find((tag) => same(tag.name, name))?.name ?? name]);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add(text);
    } else if (event.key === 'Backspace' && text === '' && value.length) {
      onChange(value.slice(0, -1));
    }
  };
  const colorOf = (name: string) => tags.find((tag) => same(tag.name, name))?.color;
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hint ? `${id}-hint` : undefined} className="tag-picker">
      <div className="tag-picker__box">
        {value.map((name) => (
          <span key={name} className="cluster cluster--nowrap">
            <TagChip name={name} color={colorOf(name)} />
            <button
              type="button"
              className="tag-picker__remove"
              aria-label={`Remove tag ${name}`}
              onClick={() => onChange(value.filter((each) => each !== name))}
              disabled={disabled}
            >
              ×
            </button>
          </span>
        ))}
        <input
          id={id}
          className="tag-picker__input"
          list={`${id}-suggestions`}
          value={text}
          maxLength={50}
          placeholder={value.length ? '' : 'Type a tag and press Enter'}
          onChange={(event) => (event.target.value.endsWith(',') ? add(event.target.value.slice(0, -1)) : setText(event.target.value))}
          onKeyDown={onKeyDown}
          onBlur={() => add(text)}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
        />
        <datalist id={`${id}-suggestions`}>
          {tags
            .filter((tag) => !value.some((each) => same(each, tag.name)))
            .map((tag) => (
              <option key={tag.id} value={tag.name} />
            ))}
        </datalist>
      </div>
    </FieldFrame>
  );
}
