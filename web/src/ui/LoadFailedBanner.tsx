/** A list that could not be read: what went wrong, and a button that reads it again. */
export function LoadFailedBanner({ text, onRetry }: { text: string; onRetry(): void }) {
  return (
    <div className="banner banner--error" role="alert">
      <p className="banner__body">{text}</p>
      <button type="button" className="button button--secondary button--sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
