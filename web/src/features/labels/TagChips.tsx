import './labels.css';
import type { Link } from '../../api/types.ts';
import { useTags } from './label-queries.ts';
import { tagColorCss } from './tag-colors.ts';

/** A link's tags as chips with their colour, and its folder (docs/links.md#tags-and-folders); nothing when it has neither. */
export function LinkLabels({ link }: { link: Pick<Link, 'tags' | 'folder'> }) {
  const tags = useTags().data ?? [];
  if (link.tags.length === 0 && !link.folder) return null;
  const colorOf = (name: string) => tags.find((tag) => tag.name === name)?.color;
  return (
    <div className="link-labels" data-testid="link-labels">
      {link.folder ? (
        <span className="folder-chip" title="Folder">
          <FolderGlyph />
          {link.folder}
        </span>
      ) : null}
      {link.tags.length ? (
        <ul className="tag-chips bare-list" aria-label="Tags">
          {link.tags.map((name) => (
            <li key={name}>
              <TagChip name={name} color={colorOf(name)} />
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

export function TagChip({ name, color }: { name: string; color: string | undefined }) {
  return (
    <span className="tag-chip">
      <span className="tag-chip__dot" style={{ background: tagColorCss(color) }} aria-hidden="true" />
      {name}
    </span>
  );
}

function FolderGlyph() {
  return (
    <svg className="folder-chip__icon" viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path d="M1.5 3.5h4l1.5 1.5h7.5v8h-13z" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinejoin="round" />
    </svg>
  );
}
