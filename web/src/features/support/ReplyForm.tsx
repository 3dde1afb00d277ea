import './ticket.css';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { MESSAGE_MAX } from './support-rules.ts';
import { TextareaField } from '../../ui/Field.tsx';

interface ReplyFormProps {
  /** Sends the reply; answers the server's message for a person. */
  onSend(message: string): Promise<string>;
  label?: string;
  /** A note under the field (what sending does). */
  hint?: string;
  submitLabel?: string;
}

/** One textarea and a send button; says how it went, and empties itself once the reply is sent. */
export function ReplyForm({ onSend, label = 'Your reply', hint, submitLabel = 'Send reply' }: ReplyFormProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      setResult({ ok: false, text: 'Please enter a message.' });
      return;
    }
    setBusy(true);
    setResult(null);
    try {
      setResult({ ok: true, text: await onSend(text) });
      setText('');
    } catch (error) {
      setResult({ ok: false, text: errorText(error, 'Failed to send your reply. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="stack gap-3 reply-form" onSubmit={(event) => void submit(event)} noValidate>
      <TextareaField id={`${id}-reply`} label={label} hint={hint} value={text} maxLength={MESSAGE_MAX} required onValue={setText} />
      {result ? (
        <p className={`banner ${result.ok ? 'banner--success' : 'banner--error'}`} role={result.ok ? 'status' : 'alert'}>
          {result.text}
        </p>
      ) : null}
      <div className="reply-form__actions">
        <button type="submit" className="button button--primary button--sm" disabled={busy}>
          {busy ? 'Sending…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
