import { Group } from '@visx/group';
import { Pie } from '@visx/shape';
import { chartColour, wholePercent } from './chart.ts';
import { DIRECT } from './analytics-state.ts';
import { fittedLabel } from './pie-labels.ts';

interface Slice {
  referrer: string;
  count: number;
  /** The remainder beyond the top referrers, in neutral grey. */
  rest?: boolean;
}

const SIZE = 280;
const OUTER_RADIUS = SIZE / 2 - 4;
const INNER_RADIUS = 46;
/** The label's two lines, px (analytics.css sets the same sizes). */
const LABEL_FONT = { nameSize: 11, percentSize: 12 };

/**
 * "Top Referrers": a ring of the referrers' shares in the 8-colour cycle. A slice carries its
 * referrer and whole percent inside it where they fit (pie-labels.ts decides); every slice
 * also has a hover title, and the key beside the ring lists each with its percent and count.
 * An empty referrer is a direct visit.
 */
export function ReferrersPie({ referrers, total }: { referrers: { referrer: string; count: number }[]; total: number }) {
  const named = referrers.map((row) => ({ referrer: row.referrer || DIRECT, count: row.count }));
  const listed = named.reduce((sum, row) => sum + row.count, 0);
  const whole = Math.max(total, listed);
  const slices: Slice[] = whole > listed ? [...named, { referrer: 'Other referrers', count: whole - listed, rest: true }] : named;
  if (whole === 0) {
    return <p className="analytics-empty">No referrer data yet. Share your short link to see where visitors come from.</p>;
  }
  const colourOf = (slice: Slice, index: number) => (slice.rest ? 'var(--color-border-strong)' : chartColour(index));
  const summary = slices.map((slice) => `${slice.referrer} ${wholePercent(slice.count, whole)}`).join(', ');

  return (
    <div className="referrers">
      <svg className="referrers__pie" viewBox={`0 0 ${SIZE} ${SIZE}`} width={SIZE} height={SIZE} role="img" aria-label={`Top Referrers: ${summary}`}>
        <Group top={SIZE / 2} left={SIZE / 2}>
          <Pie<Slice>
            data={slices}
            pieValue={(slice) => slice.count}
            outerRadius={OUTER_RADIUS}
            innerRadius={INNER_RADIUS}
            padAngle={slices.length > 1 ? 0.012 : 0}
            pieSort={null}
            pieSortValues={null}
          >
            {(pie) =>
              pie.arcs.map((arc, index) => {
                const percent = wholePercent(arc.data.count, whole);
                const sector = { startAngle: arc.startAngle, endAngle: arc.endAngle, innerRadius: INNER_RADIUS, outerRadius: OUTER_RADIUS };
                const label = fittedLabel(arc.data.referrer, percent, sector, LABEL_FONT);
                return (
                  <g key={arc.data.referrer} data-slice={arc.data.referrer}>
                    <path d={pie.path(arc) ?? ''} style={{ fill: colourOf(arc.data, index) }} className="referrers__slice">
                      <title>{`${arc.data.referrer}: ${percent} (${arc.data.count.toLocaleString('en-US')} clicks)`}</title>
                    </path>
                    {label ? (
                      <text
                        x={label.x}
                        y={label.y - label.height / 2}
                        textAnchor="middle"
                        className={`referrers__slice-label${arc.data.rest ? ' referrers__slice-label--on-grey' : ''}`}
                        aria-hidden="true"
                        pointerEvents="none"
                      >
                        <tspan x={label.x} dy="1em" className="referrers__slice-name">
                          {label.name}
                        </tspan>
                        <tspan x={label.x} dy="1.15em" className="referrers__slice-percent">
                          {label.percent}
                        </tspan>
                      </text>
                    ) : null}
                  </g>
                );
              })
            }
          </Pie>
          <text textAnchor="middle" dy="-0.2em" className="referrers__total" aria-hidden="true">
            {whole.toLocaleString('en-US')}
          </text>
          <text textAnchor="middle" dy="1.3em" className="referrers__total-label" aria-hidden="true">
            clicks
          </text>
        </Group>
      </svg>
      <ul className="stack gap-2 chart-key" aria-label="Referrers">
        {slices.map((slice, index) => (
          <li key={slice.referrer} className="chart-key__row" data-referrer={slice.referrer}>
            <span className="chart-key__swatch" style={{ background: colourOf(slice, index) }} aria-hidden="true" />
            <span className="chart-key__name" title={slice.referrer}>
              {slice.referrer}
            </span>
            <span className="chart-key__percent">{wholePercent(slice.count, whole)}</span>
            <span className="chart-key__count">{slice.count.toLocaleString('en-US')}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
