import { momentLabel } from '../../../format/dates.ts';
import { countLabel } from '../../../format/numbers.ts';
import { PROJECTION_NAMES, changeLabel, percentDone, rebuildLine } from './projections-format.ts';
import type { Rebuild } from './projections-api.ts';
import { TableHead, type TableColumn } from '../../../ui/TableHead.tsx';

const COUNT_COLUMNS: readonly TableColumn[] = [
  'Clicks',
  { label: 'Before', className: 'num' },
  { label: 'After', className: 'num' },
  { label: 'Change', className: 'num' },
];

const STATE_BADGES: Record<Rebuild['state'], { badge: string; label: string }> = {
  pending: { badge: 'badge--info', label: 'Waiting' },
  running: { badge: 'badge--info', label: 'Running' },
  done: { badge: 'badge--success', label: 'Done' },
  failed: { badge: 'badge--danger', label: 'Failed' },
};

/** The rebuild under way (with its progress bar), else the last one, with the click counts before and after it. */
export function RebuildCard({ rebuild }: { rebuild: Rebuild }) {
  const title =
    rebuild.reason === 'bot_policy_replay'
      ? 'Bot-policy replay'
      : rebuild.reason === 'upgrade'
        ? 'Analytics rebuild after an upgrade'
        : `Rebuild of the ${rebuild.projections.map((key) => PROJECTION_NAMES[key].toLowerCase()).join(' and ')}`;
  const percent = percentDone(rebuild.done, rebuild.total);
  const showBar = rebuild.state === 'running' && rebuild.progress_known;
  const state = STATE_BADGES[rebuild.state];
  return (
    <section className="card admin__card" aria-labelledby="projections-rebuild" data-rebuild={rebuild.state}>
      <div className="admin__row cluster cluster--between gap-3">
        <h2 id="projections-rebuild" className="card__title">
          {title}
        </h2>
        <span className={`badge ${state.badge}`}>{state.label}</span>
      </div>
      <p className="admin__count">
        Started {momentLabel(rebuild.started_at)} by {rebuild.started_by}
        {rebuild.finished_at ? ` · ended ${momentLabel(rebuild.finished_at)}` : ''}
      </p>
      {showBar ? (
        <div
          className="projections__progress"
          role="progressbar"
          aria-label={`${title} progress`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="projections__progress-bar" style={{ width: `${percent}%` }} />
        </div>
      ) : null}
      <p className={rebuild.state === 'failed' ? 'projections__failure' : 'projections__line'} data-figure="rebuild-line">
        {showBar ? `${percent} % · ` : ''}
        {rebuildLine(rebuild)}
      </p>
      {rebuild.clicks ? <ClickCounts clicks={rebuild.clicks} /> : null}
    </section>
  );
}

function ClickCounts({ clicks }: { clicks: NonNullable<Rebuild['clicks']> }) {
  const rows = [
    { label: 'Human', before: clicks.before.human, after: clicks.after.human, key: 'human' },
    { label: 'Bot', before: clicks.before.bot, after: clicks.after.bot, key: 'bot' },
  ];
  // Four short columns: it fits a phone without a scrolling wrapper.
  return (
    <table className="table projections__counts">
      <caption className="projections__caption">The same clicks, up to the swap, before and after they were classified again</caption>
      <TableHead columns={COUNT_COLUMNS} />
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-count={row.key}>
            <th scope="row">{row.label}</th>
            <td className="num">{countLabel(row.before)}</td>
            <td className="num">{countLabel(row.after)}</td>
            <td className="num">{changeLabel(row.before, row.after)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
