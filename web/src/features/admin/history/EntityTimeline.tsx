import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorText } from '../../../api/client.ts';
import { useQuery } from '../../../api/query.ts';
import { RefreshIcon } from '../../../ui/icons.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { RetryMessage } from '../StatusMessage.tsx';
import { EventHead } from './EventRow.tsx';
import { ByActor, CorrelationLink, useHistoryLinks } from './HistoryLinks.tsx';
import { ChangesTable, StateTable } from './StateTable.tsx';
import { historyApi, type Timeline, type TimelineEntry } from './history-api.ts';
import { isoToLocalInput, localInputToIso, type EntityRef } from './history-filters.ts';
import { entityLabel, timeLabel } from './history-format.ts';
import { diffStates } from './state-diff.ts';
import { stateAtFromParam, versionIndexAt, type StateAt } from './versions.ts';
import { historyQueries } from '../admin-queries.ts';
import { TitledCard } from '../../../ui/TitledCard.tsx';

const versionName = (entries: readonly TimelineEntry[], index: number) => {
  const entry = entries[index];
  return entry ? `Version ${index + 1} · ${entry.type} · ${timeLabel(entry.at)}` : 'Before the first event';
};

/**
 * An entity's timeline (docs/web-app.md#history-tab): its state now, every event oldest
 * first with who acted and the fields it changed, the state at any version or time (kept in
 * the address as `at`), and the differences between any two versions.
 */
export function EntityTimeline({ entity }: { entity: EntityRef }) {
  const timeline = useQuery(historyQueries.timeline(entity), () => historyApi.timeline(entity));
  const [params, setParams] = useSearchParams();
  const at = stateAtFromParam(params.get('at'));
  const stateAtHeading = useRef<HTMLHeadingElement>(null);
  const links = useHistoryLinks();
  const name = entityLabel(entity.kind, entity.id);

  const setAt = (value: StateAt) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (value === null) next.delete('at');
        else next.set('at', String(value));
        return next;
      },
      { replace: true },
    );

  if (!timeline.data) {
    return timeline.error !== undefined ? (
      <RetryMessage text={errorText(timeline.error, `Failed to fetch the timeline of ${name}`)} onRetry={() => void timeline.refetch()} />
    ) : (
      <p className="admin__count">Loading the timeline of {name}…</p>
    );
  }
  const data = timeline.data;
  const count = data.entries.length;

  return (
    <>
      <section className="card admin__card" aria-labelledby="history-entity-title">
        <div className="admin__row cluster cluster--between gap-3">
          <h2 id="history-entity-title" className="card__title">
            {name}
          </h2>
          <div className="cluster cluster--center gap-3 history__links">
            <Link className="text-link" to={links.filtered({ stream: data.stream })}>
              All events of {data.stream}
            </Link>
            <button type="button" className="button button--secondary button--sm" onClick={() => void timeline.refetch()}>
              <RefreshIcon />
              Read again
            </button>
          </div>
        </div>
        <p className="card__subtitle">
          {count} {count === 1 ? 'version' : 'versions'}; as it is now:
        </p>
        <StateTable state={data.state} label={`${name} now`} missing="It does not exist." />
      </section>

      {timeline.error !== undefined ? (
        <RetryMessage text={errorText(timeline.error, 'Failed to read the timeline again')} onRetry={() => void timeline.refetch()} />
      ) : null}

      <StateAtCard timeline={data} entity={entity} at={at} onAt={setAt} headingRef={stateAtHeading} />
      {count > 1 ? <CompareVersions timeline={data} entity={entity} /> : null}

      <section className="history-list" aria-labelledby="history-timeline-title">
        <h2 id="history-timeline-title" className="card__title">
          Timeline, oldest first
        </h2>
        <ol className="history-timeline">
          {data.entries.map((entry, index) => (
            <TimelineItem
              key={entry.position}
              entry={entry}
              version={index + 1}
              kind={entity.kind}
              onShow={() => {
                setAt(entry.position);
                stateAtHeading.current?.focus();
              }}
            />
          ))}
        </ol>
      </section>
    </>
  );
}

interface TimelineItemProps {
  entry: TimelineEntry;
  version: number;
  kind: string;
  onShow(): void;
}

function TimelineItem({ entry, version, kind, onShow }: TimelineItemProps) {
  return (
    <li className="history-version" data-version={version} data-type={entry.type} data-position={entry.position}>
      <EventHead event={entry} lead={<span className="badge badge--info">Version {version}</span>} />
      <div className="history-event__meta">
        <ByActor actor={entry.actor} />
        <CorrelationLink id={entry.correlation_id}>
          Events of this request<span className="visually-hidden"> (version {version})</span>
        </CorrelationLink>
        <button type="button" className="button button--ghost button--sm" onClick={onShow}>
          Show as it was<span className="visually-hidden"> after version {version}</span>
        </button>
      </div>
      {entry.changes.length ? (
        <ChangesTable changes={entry.changes} caption={`Fields changed by version ${version}`} />
      ) : (
        <p className="history__empty">No field of the {kind} changed.</p>
      )}
    </li>
  );
}

interface StateAtCardProps {
  timeline: Timeline;
  entity: EntityRef;
  at: StateAt;
  onAt(at: StateAt): void;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** "State at": a slider over the versions (positions) and a time picker (ISO), read from the server. */
function StateAtCard({ timeline, entity, at, onAt, headingRef }: StateAtCardProps) {
  const id = useId();
  const entries = timeline.entries;
  const index = versionIndexAt(entries, at);
  const asked = useQuery(historyQueries.stateAt(entity, at ?? 'now'), () => historyApi.stateAt(entity, at ?? ''), { enabled: at !== null });
  const last = entries.at(-1);
  // Now needs no call: the timeline carries the state after its last event.
  const shown = at === null ? { state: timeline.state, as_of: last ? { position: last.position, at: last.at } : null } : asked.data;
  const [time, setTime] = useState(() => (typeof at === 'string' ? isoToLocalInput(at) : isoToLocalInput(entries[Math.max(0, index)]?.at ?? '')));

  const pickTime = (event: FormEvent) => {
    event.preventDefault();
    const iso = localInputToIso(time);
    if (iso) onAt(iso);
  };

  return (
    <section className="card admin__card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1} className="card__title">
        State at
      </h2>
      <div className="cluster cluster--bottom gap-4 history-travel">
        <div className="field history-travel__slider">
          <label className="field__label" htmlFor={`${id}-version`}>
            Version
          </label>
          <input
            id={`${id}-version`}
            type="range"
            min={1}
            max={Math.max(1, entries.length)}
            step={1}
            value={Math.max(1, index + 1)}
            aria-valuetext={versionName(entries, index)}
            disabled={entries.length < 2}
            onChange={(event) => {
              const entry = entries[Number(event.target.value) - 1];
              if (entry) onAt(entry.position);
            }}
          />
          <p className="field__hint" aria-hidden="true">
            {versionName(entries, index)}
          </p>
        </div>
        <form className="history-travel__time cluster cluster--bottom" onSubmit={pickTime}>
          <div className="field">
            <label className="field__label" htmlFor={`${id}-time`}>
              Time
            </label>
            <input id={`${id}-time`} className="input" type="datetime-local" step={1} value={time} onChange={(event) => setTime(event.target.value)} />
          </div>
          <button type="submit" className="button button--secondary" disabled={!localInputToIso(time)}>
            Show
          </button>
          <button type="button" className="button button--ghost" disabled={at === null} onClick={() => onAt(null)}>
            Now
          </button>
        </form>
      </div>

      <div aria-live="polite" className="history-travel__result">
        {asked.error !== undefined && at !== null ? (
          <RetryMessage text={errorText(asked.error, 'Failed to fetch the state at that point')} onRetry={() => void asked.refetch()} />
        ) : shown ? (
          <>
            <p className="card__subtitle">
              {shown.as_of ? `As of position ${shown.as_of.position}, ${timeLabel(shown.as_of.at)}` : 'Before its first event'}
              {at === null ? ' (now)' : ''}
            </p>
            <StateTable state={shown.state} label={`${entityLabel(entity.kind, entity.id)} at the chosen point`} now={timeline.state} />
          </>
        ) : (
          <p className="admin__count">Reading the state…</p>
        )}
      </div>
    </section>
  );
}

/** Any two versions side by side: the fields that differ between their states. */
function CompareVersions({ timeline, entity }: { timeline: Timeline; entity: EntityRef }) {
  const id = useId();
  const entries = timeline.entries;
  const [from, setFrom] = useState(0);
  const [to, setTo] = useState(entries.length - 1);
  const fromPosition = entries[from]?.position ?? 0;
  const toPosition = entries[to]?.position ?? 0;
  const before = useQuery(historyQueries.stateAt(entity, fromPosition), () => historyApi.stateAt(entity, fromPosition));
  const after = useQuery(historyQueries.stateAt(entity, toPosition), () => historyApi.stateAt(entity, toPosition));
  const failed = before.error ?? after.error;

  const versions = entries.map((_, index) => ({ value: index, label: versionName(entries, index) }));
  let result;
  if (failed !== undefined)
    result = <RetryMessage text={errorText(failed, 'Failed to fetch the versions')} onRetry={() => void Promise.all([before.refetch(), after.refetch()])} />;
  else if (!before.data || !after.data) result = <p className="admin__count">Reading both versions…</p>;
  else if (from === to) result = <p className="history__empty">Pick two different versions.</p>;
  else {
    const changes = diffStates(before.data.state, after.data.state);
    result = changes.length ? (
      <ChangesTable
        changes={changes}
        caption={`Differences between version ${from + 1} and version ${to + 1}`}
        beforeLabel={`Version ${from + 1}`}
        afterLabel={`Version ${to + 1}`}
      />
    ) : (
      <p className="history__empty">No field differs between these versions.</p>
    );
  }

  return (
    <TitledCard className="admin__card" titleId={`${id}-title`} title="Compare versions">
      <div className="grid gap-3 history-compare">
        <SelectField id={`${id}-from`} label="From" value={from} options={versions} onChange={setFrom} />
        <SelectField id={`${id}-to`} label="To" value={to} options={versions} onChange={setTo} />
      </div>
      <div aria-live="polite" className="history-compare__result">
        {result}
      </div>
    </TitledCard>
  );
}
