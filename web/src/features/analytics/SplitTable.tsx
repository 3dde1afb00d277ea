import { useId } from 'react';
import type { Analytics } from '../../api/types.ts';
import type { TableColumn } from '../../ui/TableHead.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { chartColour, oneDecimalPercent } from './chart.ts';

type RuleRow = Analytics['by_rule'][number];
type VariantRow = Analytics['by_variant'][number];

/** How each split names its rows: rule 1 is "Rule 1", variant 1 "Variant A"; 0 is the traffic the split did not take. */
const SPLITS = {
  rule: {
    title: 'By targeting rule',
    subtitle: 'Which rule sent each click',
    heading: 'Rule',
    name: (index: number) => (index === 0 ? 'No rule' : `Rule ${index}`),
  },
  variant: {
    title: 'By A/B variant',
    subtitle: 'Which variant each click got',
    heading: 'Variant',
    name: (index: number) => (index === 0 ? 'No split' : `Variant ${String.fromCharCode(64 + index)}`),
  },
} as const;

type SplitProps = { kind: 'rule'; rows: readonly RuleRow[]; rangeText: string } | { kind: 'variant'; rows: readonly VariantRow[]; rangeText: string };

/**
 * "By targeting rule" / "By A/B variant" (docs/analytics.md#by-rule-and-variant): each rule or
 * variant with the destination its clicks went to, clicks, unique visitors and share of the
 * period's clicks. Not shown when the link sent no click by a rule (or variant) in the period.
 */
export function SplitCard(props: SplitProps) {
  const titleId = useId();
  if (props.rows.length === 0) return null;
  const split = SPLITS[props.kind];
  const rows = props.rows.map((row) => ({ index: 'rule' in row ? row.rule : row.variant, ...row }));
  const total = rows.reduce((sum, row) => sum + row.clicks, 0);
  const columns: readonly TableColumn[] = [
    split.heading,
    { label: 'Clicks', className: 'num' },
    { label: 'Unique visitors', className: 'num' },
    { label: 'Share', className: 'num' },
  ];
  return (
    <section className="card" aria-labelledby={titleId} data-split={props.kind}>
      <div className="card__header">
        <h2 id={titleId} className="card__title">
          {split.title}
        </h2>
        <p className="card__subtitle">
          {split.subtitle} · {props.rangeText}
        </p>
      </div>
      <ListTable className="table split-table" columns={columns}>
        {rows.map((row) => (
          <tr key={`${row.index} ${row.url}`} data-index={row.index}>
            <td>
              <span className="split">
                <span
                  className="country__dot"
                  style={{ background: row.index === 0 ? 'var(--color-text-muted)' : chartColour(row.index - 1) }}
                  aria-hidden="true"
                />
                <span className="split__name">{split.name(row.index)}</span>
                <span className="split__url" title={row.url}>
                  {row.url || 'Destination not recorded'}
                </span>
              </span>
            </td>
            <td className="num">{row.clicks.toLocaleString('en-US')}</td>
            <td className="num">{row.unique_visitors.toLocaleString('en-US')}</td>
            <td className="num">{oneDecimalPercent(row.clicks, total)}</td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}
