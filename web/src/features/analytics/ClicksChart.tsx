import './analytics.css';
import { useId, useState, type KeyboardEvent } from 'react';
import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { ParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { TooltipWithBounds } from '@visx/tooltip';
import { fullDayLabel, shortDayLabel } from '../../format/dates.ts';
import { TableIcon } from '../../ui/icons.tsx';
import { TableHead, type TableColumn } from '../../ui/TableHead.tsx';

const DAY_COLUMNS: readonly TableColumn[] = ['Date', { label: 'Clicks', className: 'num' }];

interface DayClicks {
  date: string;
  clicks: number;
}

interface ClicksChartProps {
  days: DayClicks[];
  /** Today (UTC): its bar is marked. */
  today: string;
}

const clicksText = (clicks: number) => `${clicks.toLocaleString('en-US')} ${clicks === 1 ? 'click' : 'clicks'}`;

/**
 * "Clicks Over Time": one bar a day, the axis in short month and day, the tooltip with the
 * full date. The chart is one tab stop whose arrow keys walk the days (read out politely),
 * and the same figures are available as a table.
 */
export function ClicksChart({ days, today }: ClicksChartProps) {
  const [active, setActive] = useState<number | null>(null);
  const [announced, setAnnounced] = useState('');
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const helpId = useId();

  const move = (index: number) => {
    const day = days[index];
    if (!day) return;
    setActive(index);
    setAnnounced(`${fullDayLabel(day.date)}: ${clicksText(day.clicks)}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = days.length - 1;
    const current = active ?? last;
    const next = { ArrowRight: Math.min(last, current + 1), ArrowLeft: Math.max(0, current - 1), Home: 0, End: last }[event.key];
    if (next === undefined) {
      if (event.key === 'Escape') setActive(null);
      return;
    }
    event.preventDefault();
    move(next);
  };

  const total = days.reduce((sum, day) => sum + day.clicks, 0);

  return (
    <div className="clicks-chart">
      <div
        className="clicks-chart__plot"
        tabIndex={0}
        role="group"
        aria-label={`Clicks Over Time: ${clicksText(total)} in ${days.length} days`}
        aria-describedby={helpId}
        onKeyDown={onKeyDown}
        onFocus={() => active === null && move(days.length - 1)}
        onBlur={() => setActive(null)}
      >
        <p id={helpId} className="visually-hidden">
          Use the left and right arrow keys to read the clicks of each day.
        </p>
        {/* Trailing-edge only: a momentary re-layout (a print, a screenshot) does not redraw the chart at the wrong size. */}
        <ParentSize debounceTime={120} enableDebounceLeadingCall={false}>
          {({ width, height }) =>
            width > 0 && height > 0 ? <Plot days={days} today={today} width={width} height={height} active={active} onHover={setActive} /> : null
          }
        </ParentSize>
        <p className="visually-hidden" aria-live="polite">
          {announced}
        </p>
      </div>
      <div className="clicks-chart__foot">
        <span className="clicks-chart__legend">
          <span className="legend-swatch legend-swatch--bar" aria-hidden="true" /> Clicks per day (UTC)
          <span className="legend-swatch legend-swatch--today" aria-hidden="true" /> Today
        </span>
        <button
          type="button"
          className="button button--ghost button--sm"
          aria-expanded={showTable}
          aria-controls={tableId}
          onClick={() => setShowTable((shown) => !shown)}
        >
          <TableIcon />
          {showTable ? 'Hide data table' : 'Show data table'}
        </button>
      </div>
      <div id={tableId} hidden={!showTable} className="table-wrap clicks-chart__table">
        {showTable ? (
          <table className="table">
            <caption className="visually-hidden">Clicks per day</caption>
            <TableHead columns={DAY_COLUMNS} />
            <tbody>
              {[...days].reverse().map((day) => (
                <tr key={day.date} data-day={day.date}>
                  <th scope="row">{fullDayLabel(day.date)}</th>
                  <td className="num">{day.clicks.toLocaleString('en-US')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : null}
      </div>
    </div>
  );
}

interface PlotProps extends ClicksChartProps {
  width: number;
  height: number;
  active: number | null;
  onHover(index: number | null): void;
}

const MARGIN = { top: 16, right: 20, bottom: 32, left: 40 };
/** Room one axis label needs, so labels never collide. */
const LABEL_SPACE = 58;

function Plot({ days, today, width, height, active, onHover }: PlotProps) {
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = Math.max(0, height - MARGIN.top - MARGIN.bottom);
  const max = Math.max(4, ...days.map((day) => day.clicks));
  const x = scaleBand<string>({ domain: days.map((day) => day.date), range: [0, innerWidth], padding: days.length > 60 ? 0.15 : 0.3 });
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0], nice: true });
  const yTicks = y.ticks(4).filter((tick) => Number.isInteger(tick));
  const every = Math.max(1, Math.ceil(days.length / Math.max(1, Math.floor(innerWidth / LABEL_SPACE))));
  // Labels count back from the last day, so today's is always shown.
  const xTicks = days.filter((_, index) => (days.length - 1 - index) % every === 0).map((day) => day.date);
  const activeDay = active === null ? undefined : days[active];

  return (
    <>
      <svg width={width} height={height} aria-hidden="true" focusable="false" onMouseLeave={() => onHover(null)}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {yTicks.map((tick) => (
            <line key={tick} className="chart-grid" x1={0} x2={innerWidth} y1={y(tick)} y2={y(tick)} />
          ))}
          {days.map((day, index) => {
            const barX = x(day.date) ?? 0;
            const barHeight = innerHeight - y(day.clicks);
            const isToday = day.date === today;
            return (
              <g key={day.date}>
                <Bar
                  className={`chart-bar${isToday ? ' chart-bar--today' : ''}${index === active ? ' chart-bar--active' : ''}`}
                  x={barX}
                  y={innerHeight - barHeight}
                  width={x.bandwidth()}
                  height={barHeight}
                  rx={Math.min(4, x.bandwidth() / 3)}
                  data-day={day.date}
                  data-clicks={day.clicks}
                  data-today={isToday || undefined}
                />
                {/* A full-height target per day: easy to hover even where the bar is short. */}
                <rect
                  className="chart-hit"
                  x={barX - (x.step() - x.bandwidth()) / 2}
                  y={0}
                  width={x.step()}
                  height={innerHeight}
                  onMouseEnter={() => onHover(index)}
                  onMouseMove={() => onHover(index)}
                />
              </g>
            );
          })}
          <AxisLeft
            scale={y}
            tickValues={yTicks}
            tickFormat={(value) => Number(value).toLocaleString('en-US')}
            hideAxisLine
            hideTicks
            tickClassName="chart-tick"
            tickLabelProps={{ className: 'chart-tick-label', textAnchor: 'end', dx: -6, dy: '0.33em' }}
          />
          <AxisBottom
            top={innerHeight}
            scale={x}
            tickValues={xTicks}
            tickFormat={(value) => shortDayLabel(String(value))}
            axisClassName="chart-axis"
            axisLineClassName="chart-axis-line"
            hideTicks
            tickLabelProps={{ className: 'chart-tick-label', textAnchor: 'middle', dy: '0.25em' }}
          />
        </Group>
      </svg>
      {activeDay ? (
        <TooltipWithBounds
          key={activeDay.date}
          left={MARGIN.left + (x(activeDay.date) ?? 0) + x.bandwidth() / 2}
          top={MARGIN.top + y(activeDay.clicks)}
          className="chart-tooltip"
          unstyled
          applyPositionStyle
        >
          <span className="chart-tooltip__date">{fullDayLabel(activeDay.date)}</span>
          <span className="chart-tooltip__value">{clicksText(activeDay.clicks)}</span>
        </TooltipWithBounds>
      ) : null}
    </>
  );
}
