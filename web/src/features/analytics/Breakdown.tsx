import { useId } from 'react';
import { oneDecimalPercent } from './chart.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';

/** Devices, browsers or operating systems: each value's clicks and share, as a labelled bar. */
export function Breakdown({ title, rows, total }: { title: string; rows: { name: string; count: number }[]; total: number }) {
  const titleId = useId();
  const whole = Math.max(
    total,
    rows.reduce((sum, row) => sum + row.count, 0),
  );
  return (
    <TitledCard className="breakdown" titleId={titleId} title={title}>
      {rows.length === 0 ? (
        <p className="analytics-empty">No data yet.</p>
      ) : (
        <ul className="breakdown__list">
          {rows.map((row) => {
            const percent = oneDecimalPercent(row.count, whole);
            return (
              <li key={row.name} className="breakdown__row">
                <span className="breakdown__name">{row.name}</span>
                <span className="breakdown__figures">
                  {row.count.toLocaleString('en-US')} <span className="breakdown__percent">· {percent}</span>
                </span>
                <span className="breakdown__track" aria-hidden="true">
                  <span className="breakdown__fill" style={{ width: percent }} />
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </TitledCard>
  );
}
