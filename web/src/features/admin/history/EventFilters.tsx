import { useId, useState, type FormEvent } from 'react';
import { SelectField } from '../../../ui/SelectField.tsx';
import { InputField, VERBATIM_INPUT } from '../../../ui/Field.tsx';
import { CATEGORIES, DEFAULT_LIMIT, NO_FILTERS, PAGE_SIZES, filterErrors, isoToLocalInput, localInputToIso, type HistoryFilters } from './history-filters.ts';

/** Whether a filter of the "more" section is in force. */
const moreInForce = (filters: HistoryFilters) =>
  Boolean(filters.stream || filters.correlation || filters.from || filters.to || filters.limit !== DEFAULT_LIMIT);

interface EventFiltersProps {
  /** The filters in force (the address's); the form starts from them. */
  filters: HistoryFilters;
  onApply(filters: HistoryFilters): void;
}

/**
 * The browser's filters: edited here, applied together (a new address, so Back undoes them).
 * The parent keys it by the filters in force, so Back and shared links refill it.
 */
export function EventFilters({ filters, onApply }: EventFiltersProps) {
  const id = useId();
  const [draft, setDraft] = useState(() => ({ ...filters, from: isoToLocalInput(filters.from), to: isoToLocalInput(filters.to) }));
  const [tried, setTried] = useState(false);
  const set = <K extends keyof HistoryFilters>(key: K, value: HistoryFilters[K]) => setDraft((current) => ({ ...current, [key]: value }));
  const asFilters = (): HistoryFilters => ({ ...draft, from: localInputToIso(draft.from), to: localInputToIso(draft.to) });
  const errors = tried ? filterErrors(asFilters()) : {};
  const pageSizes = PAGE_SIZES.includes(draft.limit as (typeof PAGE_SIZES)[number]) ? PAGE_SIZES : [...PAGE_SIZES, draft.limit].sort((a, b) => a - b);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const next = asFilters();
    if (Object.keys(filterErrors(next)).length === 0) onApply(next);
  };

  return (
    <form className="card history-filters" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate>
      <h2 id={`${id}-title`} className="card__title">
        Filters
      </h2>
      <div className="history-filters__grid">
        <SelectField id={`${id}-category`} label="Category" value={draft.category} options={CATEGORIES} onChange={(category) => set('category', category)} />
        <InputField
          id={`${id}-type`}
          label="Event type"
          placeholder="LinkUpdated,LinkDeleted"
          value={draft.type}
          error={errors.type}
          {...VERBATIM_INPUT}
          onChange={(event) => set('type', event.target.value)}
        />
        <InputField
          id={`${id}-actor`}
          label="Actor id"
          hint="A user id or an API key id"
          value={draft.actor}
          {...VERBATIM_INPUT}
          onChange={(event) => set('actor', event.target.value)}
        />
      </div>
      {/* Open when one of its filters is in force, or wrong. */}
      <details className="history-filters__more" open={moreInForce(filters) || Boolean(errors.to)}>
        <summary>More filters: stream, request, time range, page size</summary>
        <div className="history-filters__grid">
          <InputField
            id={`${id}-stream`}
            label="Stream"
            placeholder="link-12, system"
            value={draft.stream}
            {...VERBATIM_INPUT}
            onChange={(event) => set('stream', event.target.value)}
          />
          <InputField
            id={`${id}-correlation`}
            label="Correlation id"
            hint="Every event one request caused"
            value={draft.correlation}
            {...VERBATIM_INPUT}
            onChange={(event) => set('correlation', event.target.value)}
          />
          <InputField id={`${id}-from`} label="From" type="datetime-local" step={1} value={draft.from} onChange={(event) => set('from', event.target.value)} />
          <InputField
            id={`${id}-to`}
            label="To"
            type="datetime-local"
            step={1}
            value={draft.to}
            error={errors.to}
            onChange={(event) => set('to', event.target.value)}
          />
          <SelectField
            id={`${id}-limit`}
            label="Per page"
            value={draft.limit}
            options={pageSizes.map((size) => ({ value: size, label: String(size) }))}
            onChange={(limit) => set('limit', limit)}
          />
        </div>
      </details>
      <div className="history-filters__actions cluster cluster--between gap-3">
        <label className="checkbox">
          <input type="checkbox" checked={draft.includeClicks} onChange={(event) => set('includeClicks', event.target.checked)} />
          Include clicks
        </label>
        <div className="history-filters__buttons cluster">
          <button type="button" className="button button--secondary" onClick={() => onApply({ ...NO_FILTERS, limit: filters.limit })}>
            Clear
          </button>
          <button type="submit" className="button button--primary">
            Apply filters
          </button>
        </div>
      </div>
    </form>
  );
}
