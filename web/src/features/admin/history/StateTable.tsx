import type { FieldChange } from '@linkledger/contracts';
import { valueText } from './history-format.ts';
import { diffStates, type EntityState } from './state-diff.ts';

interface StateTableProps {
  state: EntityState;
  label: string;
  /** What to say when the state is null. */
  missing?: string;
  /** The state now: fields whose value differs from it are marked. */
  now?: EntityState;
}

/** An entity's fields and values; every value as text. */
export function StateTable({ state, label, missing = 'It did not exist yet.', now }: StateTableProps) {
  if (!state) return <p className="history__empty">{missing}</p>;
  const changed = new Set(now === undefined ? [] : diffStates(state, now).map((change) => change.field));
  return (
    <dl className="history-facts history-state" aria-label={label}>
      {Object.entries(state).map(([field, value]) => (
        <div key={field} className="history-facts__row" data-field={field}>
          <dt>{field}</dt>
          <dd>
            <span className="history-state__value">{valueText(value)}</span>
            {changed.has(field) ? <span className="badge badge--warning history-state__changed">changed since</span> : null}
          </dd>
        </div>
      ))}
    </dl>
  );
}

interface ChangesTableProps {
  changes: FieldChange[];
  /** The table's caption, for screen readers. */
  caption: string;
  beforeLabel?: string;
  afterLabel?: string;
}

/** Field by field: what it was and what it became. */
export function ChangesTable({ changes, caption, beforeLabel = 'Before', afterLabel = 'After' }: ChangesTableProps) {
  return (
    <div className="table-wrap">
      <table className="table history-changes">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">{beforeLabel}</th>
            <th scope="col">
              <span aria-hidden="true">→ </span>
              {afterLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field} data-field={change.field}>
              <th scope="row">{change.field}</th>
              <td className="history-changes__before">{valueText(change.before)}</td>
              <td className="history-changes__after">{valueText(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
