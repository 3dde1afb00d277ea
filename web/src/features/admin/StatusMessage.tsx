import { RefreshIcon } from '../../ui/icons.tsx';

/** A result line after an admin action: green when it says something went "successfully", red otherwise (docs/web-app.md#admin-panel). */
export function StatusMessage({ text }: { text: string | null }) {
  if (!text) return null;
  const success = /successfully/i.test(text);
  const tone = success ? 'success' : 'error';
  return (
    <p className={`status-message status-message--${tone} tone-${tone}`} role={success ? 'status' : 'alert'}>
      {text}
    </p>
  );
}

/** A read that failed: why, and a button to read again. */
export function RetryMessage({ text, onRetry }: { text: string; onRetry(): void }) {
  return (
    <div className="admin__row cluster cluster--between gap-3">
      <StatusMessage text={text} />
      <button type="button" className="button button--secondary" onClick={onRetry}>
        <RefreshIcon />
        Retry
      </button>
    </div>
  );
}
