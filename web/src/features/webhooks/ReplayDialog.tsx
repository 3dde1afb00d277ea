import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate } from '../../api/query.ts';
import { InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ModalFormFooter } from '../../ui/ModalFormFooter.tsx';
import { replayBody, replayQueuedText, type ReplayStart } from './webhook-format.ts';
import { deliveriesQuery, webhooksApi, type Webhook } from './webhooks-api.ts';

const REPLAY_FAILED = 'The replay could not be started. Please try again.';

interface ReplayDialogProps {
  workspaceId: number;
  webhook: Webhook;
  open: boolean;
  onClose(): void;
}

/** Replay: redeliver every event the webhook hears from a moment or a log position up to now, each marked as a replay. */
export function ReplayDialog({ webhook, open, onClose, workspaceId }: ReplayDialogProps) {
  return (
    <Modal title={`Replay events to ${webhook.name}`} open={open} onClose={onClose}>
      <ReplayForm key={webhook.id} workspaceId={workspaceId} webhook={webhook} onClose={onClose} />
    </Modal>
  );
}

function ReplayForm({ workspaceId, webhook, onClose }: Omit<ReplayDialogProps, 'open'>) {
  const id = useId();
  const [kind, setKind] = useState<ReplayStart['kind']>('time');
  const [time, setTime] = useState('');
  const [position, setPosition] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [queued, setQueued] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    const checked = replayBody(kind === 'time' ? { kind, value: time } : { kind, value: position }, Date.now());
    if (checked.body === undefined) return setError(checked.error);
    setBusy(true);
    try {
      const started = await webhooksApi.replay(workspaceId, webhook.id, checked.body);
      setQueued(replayQueuedText(started.events));
      await invalidate(deliveriesQuery(workspaceId, webhook.id));
    } catch (failure) {
      setError(errorText(failure, REPLAY_FAILED));
    } finally {
      setBusy(false);
    }
  };

  if (queued) {
    return (
      <div className="stack">
        <p className="status-message tone-success" role="status">
          {queued}
        </p>
        <p className="webhooks__note">Replayed deliveries carry the events’ own ids, so a receiver can drop what it already has.</p>
        <div className="modal__footer cluster cluster--end">
          <button type="button" className="button button--primary" onClick={onClose}>
            Done
          </button>
        </div>
      </div>
    );
  }

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
      <p className="webhooks__note">Every event this webhook hears, from the starting point up to now, is delivered again in log order, marked as a replay.</p>
      <fieldset className="webhooks__replay-kind">
        <legend className="field__label">Replay from</legend>
        <label className="checkbox">
          <input type="radio" name={`${id}-kind`} checked={kind === 'time'} onChange={() => setKind('time')} />
          <span>A date and time</span>
        </label>
        <label className="checkbox">
          <input type="radio" name={`${id}-kind`} checked={kind === 'position'} onChange={() => setKind('position')} />
          <span>A log position</span>
        </label>
      </fieldset>
      {kind === 'time' ? (
        <InputField id={`${id}-time`} label="From (your local time)" type="datetime-local" value={time} onValue={setTime} error={error} disabled={busy} />
      ) : (
        <InputField
          id={`${id}-position`}
          label="From log position"
          inputMode="numeric"
          value={position}
          onValue={setPosition}
          error={error}
          placeholder="e.g. 1042"
          disabled={busy}
          {...VERBATIM_INPUT}
        />
      )}
      <ModalFormFooter busy={busy} label="Start replay" busyLabel="Starting…" onCancel={onClose} />
    </form>
  );
}
