import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../../api/client.ts';
import { InputField } from '../../../ui/Field.tsx';
import { ConfirmAction } from '../ConfirmAction.tsx';
import { StatusMessage } from '../StatusMessage.tsx';
import { projectionsApi } from './projections-api.ts';

const DAY_MS = 86_400_000;

/** The first UTC day a purge of clicks older than `days` keeps, as the server counts it. */
const firstKeptDay = (days: number, now: Date) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - (days - 1) * DAY_MS).toISOString().slice(0, 10);

/** The super admin's purge of old clicks from the analytics store (docs/admin.md#purging-old-analytics). */
export function AnalyticsPurgeCard() {
  const id = useId();
  const [days, setDays] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [asking, setAsking] = useState<number | null>(null);
  const [message, setMessage] = useState('');

  const ask = (event: FormEvent) => {
    event.preventDefault();
    const value = Number(days);
    if (!/^\d+$/.test(days.trim()) || value < 1) return setProblem('Enter a whole number of days, 1 or more.');
    setProblem(null);
    setAsking(value);
  };

  const purge = async (value: number) => {
    try {
      setMessage((await projectionsApi.purgeAnalytics(value)).message);
    } catch (error) {
      setMessage(errorText(error, 'Failed to purge analytics'));
    } finally {
      setAsking(null);
    }
  };

  return (
    <section className="card admin__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card__title">
        Purge old analytics
      </h2>
      <p className="admin__count">
        Deletes old clicks from the analytics store for every workspace (super admin only). The event log keeps them, and a rebuild does not bring them back.
      </p>
      <form className="cluster cluster--bottom gap-3" onSubmit={ask} noValidate>
        <InputField id={`${id}-days`} label="Older than (days)" type="number" min={1} value={days} onValue={setDays} error={problem} />
        <button type="submit" className="button button--danger">
          Purge analytics…
        </button>
      </form>
      <StatusMessage text={message} />
      {asking !== null ? (
        <ConfirmAction title="Purge old analytics?" confirmLabel="Purge" onConfirm={() => purge(asking)} onClose={() => setAsking(null)}>
          <p>
            Every click before {firstKeptDay(asking, new Date())} is deleted from analytics, for every workspace. The clicks stay in the event log, but no
            screen or rebuild shows them again.
          </p>
        </ConfirmAction>
      ) : null}
    </section>
  );
}
