import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../../api/client.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import { momentLabel } from '../../../format/dates.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { TextareaField } from '../../../ui/Field.tsx';
import { StatusMessage } from '../StatusMessage.tsx';
import { projectionsApi, type BotPolicy } from './projections-api.ts';
import { patternsFrom, patternsText } from './projections-format.ts';
import { BOT_POLICY_QUERY, botPolicyQuery } from '../admin-queries.ts';

interface BotPolicyCardProps {
  /** Changes when a rebuild starts or ends: the policy (whether a replay is needed) is read again then. */
  stamp: string;
  busy: boolean;
  onReplay(): Promise<void>;
}

/** Which clicks count as bots, and the replay that classifies every past click again (docs/admin.md#bot-policy). */
export function BotPolicyCard({ stamp, busy, onReplay }: BotPolicyCardProps) {
  const id = useId();
  const policy = useQuery(botPolicyQuery(stamp), projectionsApi.botPolicy);
  const [message, setMessage] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="card admin__card" aria-labelledby={`${id}-title`}>
      <div className="admin__row cluster cluster--between gap-3">
        <h2 id={`${id}-title`} className="card__title">
          Bot policy
        </h2>
        {policy.data?.replay_needed ? <span className="badge badge--warning">Replay needed</span> : null}
      </div>
      <p className="card__subtitle">
        Bots are recorded but never counted. A click without a user agent is always a bot. New clicks follow a change at once; clicks already counted keep their
        verdict until a replay classifies every click again with the current policy.
      </p>
      {policy.error !== undefined && !policy.data ? <StatusMessage text={errorText(policy.error, 'Failed to load the bot policy')} /> : null}
      {/* Keyed by the save time: a save starts the form again from what is stored. */}
      {policy.data ? (
        <PolicyForm key={policy.data.updated_at ?? 'default'} policy={policy.data} onResult={setMessage} />
      ) : policy.loading ? (
        <p>Loading…</p>
      ) : null}
      <StatusMessage text={message} />
      <div className="admin__row cluster cluster--between gap-3 projections__replay">
        <p className="admin__count">
          {policy.data?.updated_at ? `Policy last changed ${momentLabel(policy.data.updated_at)}.` : 'The default policy: no admin has changed it.'}
        </p>
        <button type="button" className="button button--secondary" disabled={busy} onClick={() => setConfirming(true)}>
          Replay over all clicks
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Replay the bot policy?"
        message="Every click is classified again with the current policy: the analytics and the read model are rebuilt beside the live ones, and the counts everyone sees change when the rebuilt copies take their place."
        confirmLabel="Replay"
        onConfirm={onReplay}
        onClose={() => setConfirming(false)}
      />
    </section>
  );
}

function PolicyForm({ policy, onResult }: { policy: BotPolicy; onResult(message: string | null): void }) {
  const id = useId();
  const [knownBots, setKnownBots] = useState(policy.known_bots);
  const [patterns, setPatterns] = useState(patternsText(policy.patterns));
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    onResult(null);
    try {
      const answer = await projectionsApi.saveBotPolicy({ known_bots: knownBots, patterns: patternsFrom(patterns) });
      onResult(answer.message);
      await invalidate(BOT_POLICY_QUERY);
    } catch (error) {
      onResult(errorText(error, 'Failed to save the bot policy'));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="projections__policy" onSubmit={(event) => void submit(event)} aria-busy={saving}>
      <label className="checkbox">
        <input type="checkbox" checked={knownBots} onChange={(event) => setKnownBots(event.target.checked)} disabled={saving} />
        <span>Count known crawlers and tools as bots (search engines, link previews, monitors, command-line clients)</span>
      </label>
      <TextareaField
        id={`${id}-patterns`}
        label="Also count as bots user agents containing"
        hint="One text per line, at least 2 characters, matched anywhere in the user agent, ignoring case. At most 50."
        rows={4}
        value={patterns}
        onValue={setPatterns}
        disabled={saving}
        spellCheck={false}
        placeholder={'AcmeUptimeChecker\ninternal-healthcheck'}
      />
      <div>
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? 'Saving…' : 'Save bot policy'}
        </button>
      </div>
    </form>
  );
}
