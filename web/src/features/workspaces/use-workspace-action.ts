import { useState } from 'react';
import { errorText } from '../../api/client.ts';

export interface ActionStatus {
  text: string;
  tone: 'success' | 'error';
}

/**
 * Runs a workspace call and keeps what it answered for the card's status line: the server's
 * message, or its refusal as it worded it (docs/web-app.md#messages-and-toasts).
 */
export function useWorkspaceAction(failed: string) {
  const [status, setStatus] = useState<ActionStatus | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (work: () => Promise<string>, after?: () => Promise<unknown>) => {
    setBusy(true);
    setStatus(null);
    try {
      const text = await work();
      await after?.();
      setStatus({ text, tone: 'success' });
    } catch (error) {
      setStatus({ text: errorText(error, failed), tone: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return { status, busy, run };
}
