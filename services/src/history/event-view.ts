import { domainEventOf, type HistoryEvent, type RecordedEvent } from '@linkledger/contracts';
import { REDACTED, redactSecrets } from './redact.ts';
import { summarize } from './summaries.ts';
import { dataAsStored } from '../commands/event-port.ts';

/**
 * A click's data without what identifies a visitor (the visitor hash, the raw user agent):
 * the history shows that a click happened and where from; analytics hold the rest.
 */
function clickSummary(recorded: RecordedEvent): unknown {
  const event = domainEventOf(recorded);
  if (event?.type !== 'Clicked') return redactSecrets(dataAsStored(recorded));
  const { link_id, owner_id, link_version, destination, country, referrer, source } = event.data;
  return { link_id, owner_id, link_version, destination, country, referrer, source };
}

/** An event as the history shows it (docs/admin.md#event-history). */
export function toHistoryEvent(recorded: RecordedEvent): HistoryEvent {
  const { metadata } = recorded;
  return {
    position: recorded.position,
    stream: recorded.stream,
    revision: recorded.revision,
    type: recorded.type,
    version: recorded.version,
    at: metadata.at,
    // A visitor's id is its visitor hash: not shown, like the hash in the click's data.
    actor: metadata.actor.kind === 'visitor' ? { kind: 'visitor', id: REDACTED } : metadata.actor,
    correlation_id: metadata.correlation_id,
    causation_id: metadata.causation_id,
    origin: metadata.origin ?? null,
    summary: summarize(recorded),
    data: recorded.type === 'Clicked' ? clickSummary(recorded) : redactSecrets(dataAsStored(recorded)),
  };
}
