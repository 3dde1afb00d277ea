import { limitLabel, usagePercent, usageTone } from './usage.ts';

interface UsageBarProps {
  used: number;
  limit: number;
  /** What is counted, for screen readers ("links this month"). */
  label: string;
}

/** A usage meter coloured as docs/plans.md#usage-bars says: green below 75 %, yellow from 75 %, red from 90 %; unlimited is green. */
export function UsageBar({ used, limit, label }: UsageBarProps) {
  const percent = usagePercent(used, limit);
  const tone = usageTone(used, limit);
  const text =
    percent === null
      ? `${used.toLocaleString('en-IN')} ${label}, unlimited`
      : `${used.toLocaleString('en-IN')} of ${limitLabel(limit)} ${label} (${Math.round(percent)}%)`;
  return (
    <div
      className={`usage-bar usage-bar--${tone}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={percent === null ? used : limit}
      aria-valuenow={used}
      aria-valuetext={text}
      data-tone={tone}
      data-percent={percent === null ? 'unlimited' : Math.round(percent)}
    >
      <span className="usage-bar__fill" style={{ width: `${percent === null ? 100 : Math.max(percent, used > 0 ? 2 : 0)}%` }} />
    </div>
  );
}
