import { useId, useState, type FormEvent } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';
import { rangeProblem, type DayRange } from './analytics-state.ts';

export type Period = { kind: 'last'; days: number } | { kind: 'custom'; range: DayRange };

export const DEFAULT_PERIOD: Period = { kind: 'last', days: 30 };

const PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
  { days: 365, label: 'Last 12 months' },
];

export const periodLabel = (period: Period): string =>
  period.kind === 'last'
    ? (PRESETS.find((preset) => preset.days === period.days)?.label ?? `Last ${period.days} days`)
    : `${period.range.from} – ${period.range.to}`;

interface PeriodPickerProps {
  period: Period;
  onChange(period: Period): void;
  /** The range currently shown, to prefill the custom dates. */
  shown: DayRange | null;
  busy: boolean;
  /** The workspace's retention (docs/privacy.md#analytics-retention): no older range is offered. */
  retention?: { days: number; since: string | null } | undefined;
}

/** The days the chart and the breakdowns cover (the analytics call's date_from and date_to). */
export function PeriodPicker({ period, onChange, shown, busy, retention }: PeriodPickerProps) {
  const reach = retention && retention.days >= 0 ? retention.days : Infinity;
  const presets = PRESETS.filter((preset, index) => index === 0 || preset.days <= reach);
  const earliest = retention?.since ?? undefined;
  const selectId = useId();
  const errorId = useId();
  const [custom, setCustom] = useState(period.kind === 'custom');
  const [from, setFrom] = useState(period.kind === 'custom' ? period.range.from : '');
  const [to, setTo] = useState(period.kind === 'custom' ? period.range.to : '');
  const [problem, setProblem] = useState<string | null>(null);

  const choose = (value: string) => {
    if (value === 'custom') {
      setCustom(true);
      if (!from && shown) setFrom(shown.from);
      if (!to && shown) setTo(shown.to);
      return;
    }
    setCustom(false);
    setProblem(null);
    onChange({ kind: 'last', days: Number(value) });
  };

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const range = { from, to };
    const reason = rangeProblem(range);
    setProblem(reason);
    if (!reason) onChange({ kind: 'custom', range });
  };

  return (
    <form className="cluster cluster--bottom gap-3 period" onSubmit={apply} aria-label="Analytics period" noValidate>
      <div className="stack gap-1 period__field">
        <label htmlFor={selectId} className="field__label">
          Period
        </label>
        <select
          id={selectId}
          className="select"
          value={custom ? 'custom' : String(period.kind === 'last' ? period.days : 'custom')}
          onChange={(event) => choose(event.target.value)}
        >
          {presets.map((preset) => (
            <option key={preset.days} value={preset.days}>
              {preset.label}
            </option>
          ))}
          <option value="custom">Custom range…</option>
        </select>
      </div>
      {custom ? (
        <>
          <DayInput label="From" value={from} onValue={setFrom} min={earliest} max={to} problemId={problem ? errorId : undefined} />
          <DayInput label="To" value={to} onValue={setTo} min={from || earliest} problemId={problem ? errorId : undefined} />
          <button type="submit" className="button button--primary">
            Apply
          </button>
        </>
      ) : null}
      <span className="period__status" role="status">
        {busy ? (
          <>
            <Spinner size="sm" /> Updating…
          </>
        ) : null}
      </span>
      {problem ? (
        <p id={errorId} className="field__error period__error" role="alert">
          {problem}
        </p>
      ) : null}
    </form>
  );
}

interface DayInputProps {
  label: string;
  value: string;
  onValue(value: string): void;
  /** The other end of the range, when it is set. */
  min?: string;
  max?: string;
  /** The id of the range's problem, while there is one. */
  problemId: string | undefined;
}

/** One end of the custom range: a required day. */
function DayInput({ label, value, onValue, min, max, problemId }: DayInputProps) {
  return (
    <label className="stack gap-1 period__field">
      <span className="field__label">{label}</span>
      <input
        className="input"
        type="date"
        value={value}
        min={min || undefined}
        max={max || undefined}
        onChange={(event) => onValue(event.target.value)}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId}
        required
      />
    </label>
  );
}
