import { Spinner } from './Spinner.tsx';

/** Cancel and the submit button, which shows a spinner and its busy words while the call runs. */
export function ModalFormFooter({ busy, label, busyLabel, onCancel }: { busy: boolean; label: string; busyLabel: string; onCancel(): void }) {
  return (
    <div className="modal__footer cluster cluster--end">
      <button type="button" className="button button--secondary" onClick={onCancel} disabled={busy}>
        Cancel
      </button>
      <button type="submit" className="button button--primary" disabled={busy}>
        {busy ? <Spinner size="sm" /> : null}
        {busy ? busyLabel : label}
      </button>
    </div>
  );
}
