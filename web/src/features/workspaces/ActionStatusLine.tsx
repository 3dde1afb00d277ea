import type { ActionStatus } from './use-workspace-action.ts';

/** A workspace card's status line: green for what the server did, red for its refusal. */
export function ActionStatusLine({ status }: { status: ActionStatus | null }) {
  if (!status) return null;
  return (
    <p className={`status-message tone-${status.tone}`} role={status.tone === 'success' ? 'status' : 'alert'}>
      {status.text}
    </p>
  );
}
