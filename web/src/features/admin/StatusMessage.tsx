/** A result line after an admin action: green when it says something went "successfully", red otherwise (docs/web-app.md#admin-panel). */
export function StatusMessage({ text }: { text: string | null }) {
  if (!text) return null;
  const success = /successfully/i.test(text);
  return (
    <p className={`status-message status-message--${success ? 'success' : 'error'}`} role={success ? 'status' : 'alert'}>
      {text}
    </p>
  );
}
