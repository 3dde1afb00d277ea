import type { EntityKind, EntityStateAt, EventStore, RecordedEvent, Timeline } from '@linkledger/contracts';
import { notFound } from '../commands/domain-error.ts';
import { diffStates } from './diff.ts';
import { inStoredForm } from './event-page.ts';
import { ENTITY_HISTORIES } from './entities.ts';
import { toHistoryEvent } from './event-view.ts';
import { redactSecrets } from './redact.ts';

type View = Record<string, unknown> | null;
const redacted = (view: View) => redactSecrets(view) as View;

async function streamOf(events: Pick<EventStore, 'readStream'>, kind: EntityKind, id: number): Promise<{ stream: string; recorded: RecordedEvent[] }> {
  const stream = ENTITY_HISTORIES[kind].stream(id);
  const recorded = await events.readStream(stream);
  if (recorded.length === 0) throw notFound(`No ${kind} ${id} in the log`);
  return { stream, recorded };
}

/** Every event of an entity with what it changed, folded with its commands' own `evolve` (docs/admin.md#entity-timeline). */
export async function timelineOf(events: Pick<EventStore, 'readStream'>, kind: EntityKind, id: number): Promise<Timeline> {
  const { stream, recorded } = await streamOf(events, kind, id);
  const { steps, view } = ENTITY_HISTORIES[kind].fold(recorded);
  const entries = steps.map(({ event, before, after }) => {
    const { position, revision, type, version, at, actor, correlation_id, causation_id, origin, summary } = toHistoryEvent(event);
    return {
      position,
      revision,
      type,
      version,
      at,
      actor,
      correlation_id,
      causation_id,
      origin,
      summary,
      changes: diffStates(redacted(before), redacted(after)),
    };
  });
  return { kind, id, stream, entries, state: redacted(view) };
}

/** The entity as it was at a time (ISO) or a position: every event up to it folded; now when `at` is absent. */
export async function stateAt(events: Pick<EventStore, 'readStream'>, kind: EntityKind, id: number, at: number | string | undefined): Promise<EntityStateAt> {
  const { recorded } = await streamOf(events, kind, id);
  const until = typeof at === 'string' ? inStoredForm(at) : at;
  // In stream order up to the first event past `at`: a state the entity really had, even
  // where a retried command left an event's time a little out of order.
  const past = recorded.findIndex((event) => until !== undefined && (typeof until === 'number' ? event.position > until : event.metadata.at > until));
  const upTo = past === -1 ? recorded : recorded.slice(0, past);
  const { view } = ENTITY_HISTORIES[kind].fold(upTo);
  const last = upTo.at(-1);
  return { kind, id, as_of: last ? { position: last.position, revision: last.revision, at: last.metadata.at } : null, state: redacted(view) };
}
