export interface RowAction {
  label: string;
  /** Names the row too, so that a screen reader's list of buttons tells the rows apart. */
  ariaLabel: string;
  onClick(): void;
  danger?: boolean;
  disabled?: boolean;
}

/** The buttons at the end of a tag's or folder's row on the Tags page. */
export function RowActions({ actions }: { actions: RowAction[] }) {
  return (
    <div className="tags-page__row-actions">
      {actions.map((action) => (
        <button
          key={action.label}
          type="button"
          className={`button ${action.danger ? 'button--danger' : 'button--ghost'} button--sm`}
          onClick={action.onClick}
          disabled={action.disabled}
          aria-label={action.ariaLabel}
        >
          {action.label}
        </button>
      ))}
    </div>
  );
}
