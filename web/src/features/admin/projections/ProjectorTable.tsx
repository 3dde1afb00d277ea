import { momentLabel } from '../../../format/dates.ts';
import { countLabel } from '../../../format/numbers.ts';
import { PROJECTION_NAMES, STATE_LABELS, lagLabel, rateLabel } from './projections-format.ts';
import type { ProjectionKey, Report } from './projections-api.ts';
import type { TableColumn } from '../../../ui/TableHead.tsx';
import { ListTable } from '../../../ui/ListTable.tsx';

const PROJECTOR_COLUMNS: readonly TableColumn[] = [
  'Projection',
  'State',
  { label: 'Checkpoint', className: 'num' },
  { label: 'Lag (events)', className: 'num' },
  { label: 'Lag (time)', className: 'num' },
  { label: 'Events/s', className: 'num' },
  'Last error',
  { label: 'Actions', hidden: true },
];

const STATE_BADGES: Record<Report['projectors'][number]['state'], string> = {
  running: 'badge--success',
  retrying: 'badge--danger',
  stopped: 'badge--warning',
  elsewhere: 'badge--info',
};

interface ProjectorTableProps {
  report: Report;
  /** A rebuild is under way: no other can start. */
  busy: boolean;
  onRebuild(key: ProjectionKey): Promise<void>;
}

/** Each projector's figures and its Rebuild button. */
export function ProjectorTable({ report, busy, onRebuild }: ProjectorTableProps) {
  return (
    <section className="card admin__card" aria-labelledby="projections-status">
      <div className="admin__row cluster cluster--between gap-3">
        <h2 id="projections-status" className="card__title">
          Projectors
        </h2>
        <span className="admin__count" data-figure="head">
          Log head {countLabel(report.head_position)}
          {report.head_at ? ` · ${momentLabel(report.head_at)}` : ''}
        </span>
      </div>
      <p className="card__subtitle">
        A rebuild replays the whole log into a fresh copy while the live projection keeps answering; the copy takes its place once it has caught up. Redirects
        are never paused.
      </p>
      {report.note ? <p className="projections__note">{report.note}</p> : null}
      <ListTable className="table projections__table" columns={PROJECTOR_COLUMNS}>
        {report.projectors.map((projector) => (
          <tr key={projector.key} data-projector={projector.key}>
            <th scope="row">
              <span className="projections__name">{PROJECTION_NAMES[projector.key]}</span>
              <code className="code-inline">{projector.name}</code>
            </th>
            <td data-label="State">
              <span className={`badge ${STATE_BADGES[projector.state]}`}>{STATE_LABELS[projector.state]}</span>
            </td>
            <td className="num" data-label="Checkpoint">
              {countLabel(projector.checkpoint)}
            </td>
            <td className="num" data-label="Lag (events)" data-figure="lag-events">
              {countLabel(projector.lag_events)}
            </td>
            <td className="num" data-label="Lag (time)" data-figure="lag-seconds">
              {lagLabel(projector.lag_seconds)}
            </td>
            <td className="num" data-label="Events/s" data-figure="rate">
              {rateLabel(projector.events_per_second)}
            </td>
            <td data-label="Last error" className={projector.last_error ? 'projections__error' : undefined}>
              {projector.last_error ? `${projector.last_error.message} (${momentLabel(projector.last_error.at)})` : '—'}
            </td>
            <td className="projections__action">
              <button
                type="button"
                className="button button--secondary button--sm"
                disabled={busy}
                onClick={() => void onRebuild(projector.key)}
                aria-label={`Rebuild ${PROJECTION_NAMES[projector.key].toLowerCase()}`}
              >
                Rebuild
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
