import { CloseIcon, CopyIcon, TrashIcon } from '../../ui/icons.tsx';

interface BulkBarProps {
  count: number;
  onCopyAll(): void;
  /** Absent for a role that may not delete links: no Delete All then. */
  onDeleteAll?(): void;
  onClear(): void;
}

/** What to do with the selected links (docs/links.md#bulk-actions). */
export function BulkBar({ count, onCopyAll, onDeleteAll, onClear }: BulkBarProps) {
  return (
    <div className="bulk-bar" role="region" aria-label="Selected URLs" data-testid="bulk-bar">
      <p className="bulk-bar__count" aria-live="polite">
        <strong>{count}</strong> {count === 1 ? 'URL' : 'URLs'} selected
      </p>
      <div className="bulk-bar__actions cluster cluster--center">
        <button type="button" className="button button--secondary button--sm" onClick={onCopyAll}>
          <CopyIcon />
          Copy All
        </button>
        {onDeleteAll ? (
          <button type="button" className="button button--danger button--sm" onClick={onDeleteAll}>
            <TrashIcon />
            Delete All
          </button>
        ) : null}
        <button type="button" className="icon-button" aria-label="Clear selection" onClick={onClear}>
          <CloseIcon />
        </button>
      </div>
    </div>
  );
}
