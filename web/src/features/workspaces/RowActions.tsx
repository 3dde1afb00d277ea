/** One action on a members or invites row, offered only where the caller's role allows it. */
interface RowAction {
  label: string;
  tone: 'secondary' | 'danger';
  shown: boolean;
  disabled?: boolean;
  onClick(): void;
}

/** The last cell of a members or invites row: the actions the caller's role allows on it, side by side. */
export function RowActions({ actions }: { actions: readonly RowAction[] }) {
  return (
    <td>
      <div className="cluster workspace-settings__actions">
        {actions
          .filter((action) => action.shown)
          .map((action) => (
            <button key={action.label} type="button" className={`button button--${action.tone} button--sm`} disabled={action.disabled} onClick={action.onClick}>
              {action.label}
            </button>
          ))}
      </div>
    </td>
  );
}
