import { useId } from 'react';
import type { DomainFilter, SortBy, StatusFilter } from '@linkledger/contracts';
import { SearchIcon } from '../../ui/icons.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import type { LinkQuery } from './list-query.ts';
import { LabelFilters } from '../labels/index.ts';

interface FiltersProps {
  query: LinkQuery;
  /** What is typed in the search box (applied after the pause). */
  searchText: string;
  onSearchText(text: string): void;
  onChange(changes: Partial<Omit<LinkQuery, 'page' | 'tab' | 'search'>>): void;
  /** Why the date range cannot be asked for (To before From), shown under the dates. */
  rangeProblem: string | null;
}

const DOMAINS: { value: DomainFilter; label: string }[] = [
  { value: 'all', label: 'All domains' },
  { value: 'default', label: 'Default domain' },
  { value: 'custom', label: 'Custom domains' },
];
const STATUSES: { value: StatusFilter; label: string }[] = [
  { value: 'all', label: 'All statuses' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];
const SORTS: { value: SortBy; label: string }[] = [
  { value: 'newest', label: 'Newest first' },
  { value: 'oldest', label: 'Oldest first' },
  { value: 'clicks', label: 'Most clicks' },
  { value: 'title', label: 'Title (A–Z)' },
];

/** Search, domain, status, sort, the creation-date range, tags and folder of the Your URLs panel. */
export function Filters({ query, searchText, onSearchText, onChange, rangeProblem }: FiltersProps) {
  const id = useId();
  return (
    <div className="filters" role="search" aria-label="Filter your URLs">
      <div className="field filters__search">
        <label className="field__label" htmlFor={`${id}-search`}>
          Search
        </label>
        <div className="filters__search-box">
          <SearchIcon />
          <input
            id={`${id}-search`}
            className="input"
            type="search"
            placeholder="Title, destination or short code"
            value={searchText}
            onChange={(event) => onSearchText(event.target.value)}
            maxLength={200}
          />
        </div>
      </div>
      <SelectField
        className="filters__select"
        id={`${id}-domain`}
        label="Domain"
        value={query.domain}
        options={DOMAINS}
        onChange={(domain) => onChange({ domain })}
      />
      <SelectField
        className="filters__select"
        id={`${id}-status`}
        label="Status"
        value={query.status}
        options={STATUSES}
        onChange={(status) => onChange({ status })}
      />
      <SelectField className="filters__select" id={`${id}-sort`} label="Sort by" value={query.sort} options={SORTS} onChange={(sort) => onChange({ sort })} />
      <fieldset className="filters__dates">
        <legend className="field__label">Created</legend>
        <div className="filters__date-row">
          <DayField
            word="From"
            value={query.dateFrom}
            bounds={{ max: query.dateTo || undefined }}
            onChange={(dateFrom) => onChange({ dateFrom })}
            problemId={rangeProblem ? `${id}-range` : null}
          />
          <DayField
            word="To"
            value={query.dateTo}
            bounds={{ min: query.dateFrom || undefined }}
            onChange={(dateTo) => onChange({ dateTo })}
            problemId={rangeProblem ? `${id}-range` : null}
          />
          <button
            type="button"
            className="button button--ghost button--sm"
            onClick={() => onChange({ dateFrom: '', dateTo: '' })}
            disabled={!query.dateFrom && !query.dateTo}
          >
            Clear Dates
          </button>
        </div>
        {rangeProblem ? (
          <p id={`${id}-range`} className="field__error">
            {rangeProblem}
          </p>
        ) : null}
      </fieldset>
      <LabelFilters id={`${id}-labels`} filter={query} onChange={onChange} />
    </div>
  );
}

interface DayFieldProps {
  word: 'From' | 'To';
  value: string;
  bounds: { min?: string | undefined; max?: string | undefined };
  onChange(day: string): void;
  /** The id of the range's problem when there is one: the field is then marked invalid and described by it. */
  problemId: string | null;
}

/** One end of the creation-date range: "From" or "To" on screen, "Created from/to" for screen readers. */
function DayField({ word, value, bounds, onChange, problemId }: DayFieldProps) {
  return (
    <label className="filters__date">
      <span className="visually-hidden">Created {word.toLowerCase()}</span>
      <span aria-hidden="true" className="filters__date-word">
        {word}
      </span>
      <input
        className="input"
        type="date"
        value={value}
        {...bounds}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={problemId ? true : undefined}
        aria-describedby={problemId ?? undefined}
      />
    </label>
  );
}
