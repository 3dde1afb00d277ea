import { isSuccessText } from './settings-messages.ts';

/** A form's result: green when it says 'successfully', red otherwise (docs/web-app.md#messages-and-toasts). */
export function StatusLine({ text }: { text: string | null }) {
  if (!text) return null;
  const success = isSuccessText(text);
  const tone = success ? 'success' : 'error';
  return (
    <p className={`status-message tone-${tone} settings-status settings-status--${tone}`} role={success ? 'status' : 'alert'}>
      {text}
    </p>
  );
}
