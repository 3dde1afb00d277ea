import { useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';

/**
 * A settings form's submit: busy while the work runs, then the status line says what the work
 * answered (nothing when it answers undefined) or why it failed (the API's detail, or `failed`).
 */
export function useFormSubmit(failed: string) {
  const [status, setStatus] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = (work: () => Promise<string | null | undefined>) => async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setStatus(null);
    try {
      const answer = await work();
      if (answer !== undefined) setStatus(answer);
    } catch (error) {
      setStatus(errorText(error, failed));
    } finally {
      setBusy(false);
    }
  };
  return { status, setStatus, busy, submit };
}
