import './SystemTab.css';
import { errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { countLabel } from '../../format/numbers.ts';
import { StatusMessage } from './StatusMessage.tsx';
import { adminApi, type System } from './admin-api.ts';
import { bytesLabel, uptimeLabel } from './system-format.ts';
import { useRefetchEvery } from './use-refetch-every.ts';
import { SYSTEM_QUERY } from './admin-queries.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';

const STORE_NAMES: Record<keyof System['stores'], string> = { events: 'Event store', read: 'Read store', analytics: 'Analytics store' };
/** data_sizes is keyed by the same store names. */
const sizeName = (name: string) => (STORE_NAMES as Record<string, string>)[name] ?? name;

/**
 * This process's version, stores, log head, projector lag and data sizes
 * (docs/admin.md#overview-and-system), read again every 5 s so the lag moves while shown.
 */
export function SystemTab() {
  const system = useQuery(SYSTEM_QUERY, adminApi.system);
  useRefetchEvery(system.refetch);
  const report = system.data;

  return (
    <div className="admin__section">
      {/* With a report on screen, a failed re-read says the figures may be stale. */}
      {system.error !== undefined ? <StatusMessage text={errorText(system.error, 'Failed to fetch system status')} /> : null}
      {report ? <SystemReport report={report} /> : system.loading ? <p className="admin__count">Loading system status…</p> : null}
    </div>
  );
}

function SystemReport({ report }: { report: System }) {
  const tiles = [
    { label: 'Version', value: report.version },
    { label: 'Node.js', value: report.node },
    { label: 'Role', value: report.role },
    { label: 'Uptime', value: uptimeLabel(report.uptime_seconds) },
  ];
  const sizes = Object.entries(report.data_sizes);
  return (
    <>
      <div className="tiles admin__tiles">
        {tiles.map((tile) => (
          <div key={tile.label} className="tile" data-tile={tile.label}>
            <p className="tile__label">{tile.label}</p>
            <p className="tile__value system__value">{tile.value}</p>
          </div>
        ))}
      </div>

      <TitledCard className="admin__card" titleId="system-stores" title="Stores">
        <ul className="system__list">
          {(Object.keys(STORE_NAMES) as (keyof System['stores'])[]).map((key) => {
            const store = report.stores[key];
            return (
              <li key={key} className="system__item" data-store={key}>
                <div className="system__row">
                  <span className="system__name">{STORE_NAMES[key]}</span>
                  <span className={`badge ${store.status === 'up' ? 'badge--success' : 'badge--danger'}`}>{store.status}</span>
                </div>
                <p className="system__detail">
                  Adapter <code className="code-inline">{store.adapter}</code>
                </p>
                {store.status === 'down' && store.error ? <p className="system__error">{store.error}</p> : null}
              </li>
            );
          })}
        </ul>
      </TitledCard>

      <TitledCard className="admin__card" titleId="system-log" title="Event log and projectors">
        <p className="system__row">
          <span className="system__detail">Head position</span>
          <span className="system__figure" data-figure="head">
            {countLabel(report.head_position)}
          </span>
        </p>
        <ul className="system__list">
          {report.projectors.map((projector) => (
            <li key={projector.name} className="system__item" data-projector={projector.name}>
              <div className="system__row">
                <span className="system__name">{projector.name}</span>
                {projector.lag === 0 ? (
                  <span className="badge badge--success">caught up</span>
                ) : (
                  <span className="badge badge--warning">
                    {countLabel(projector.lag)} {projector.lag === 1 ? 'event' : 'events'} behind
                  </span>
                )}
              </div>
              <dl className="system__pairs">
                <div>
                  <dt>Checkpoint</dt>
                  <dd>{countLabel(projector.checkpoint)}</dd>
                </div>
                <div>
                  <dt>Lag (events waiting)</dt>
                  <dd>{countLabel(projector.lag)}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      </TitledCard>

      <TitledCard className="admin__card" titleId="system-sizes" title="Data on disk">
        {sizes.length === 0 ? (
          // docs/admin.md#overview-and-system: sizes are measured in embedded mode only.
          <p className="system__detail">Not measured: the stores run on their own servers.</p>
        ) : (
          <dl className="system__pairs">
            {sizes.map(([name, bytes]) => (
              <div key={name} data-size={name}>
                <dt>{sizeName(name)}</dt>
                <dd>{bytesLabel(bytes)}</dd>
              </div>
            ))}
          </dl>
        )}
      </TitledCard>
    </>
  );
}
