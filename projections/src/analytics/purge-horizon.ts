import { ANALYTICS_PURGES_STREAM, domainEventOf, type EventStore, type RecordedEvent } from '@linkledger/contracts';
import { clickhouseTime } from './clickhouse-time.ts';

export const ANALYTICS_PURGED = 'AnalyticsPurged';

/** The newest purge's horizon (docs/admin.md#purging-old-analytics): no click before it is stored; null when none. */
export type PurgeHorizonSource = () => Promise<string | null>;

export const noPurge: PurgeHorizonSource = async () => null;

/** The horizon the log's purges set: the latest `before` of them all. */
export function latestPurgeHorizon(events: Pick<EventStore, 'readStream'>): PurgeHorizonSource {
  return async () => {
    let horizon: string | null = null;
    for (const recorded of await events.readStream(ANALYTICS_PURGES_STREAM)) {
      const event = domainEventOf(recorded);
      if (event?.type === 'AnalyticsPurged' && (horizon === null || event.data.before > horizon)) horizon = event.data.before;
    }
    return horizon;
  };
}

/**
 * The purge horizon as the analytics projector follows it: loaded from the whole log before the
 * first batch (so a rebuild from position 0 already skips purged clicks), moved by each purge met.
 */
export class PurgeHorizonFollower {
  /** The horizon as ClickHouse writes an instant, comparable as text with a row's `at`; '' for none. */
  private horizon = '';

  constructor(private readonly source: PurgeHorizonSource = noPurge) {}

  async load(): Promise<void> {
    this.raise(await this.source());
  }

  /** True when the event was a purge (it moves the horizon and stores nothing). */
  observe(recorded: RecordedEvent): boolean {
    if (recorded.type !== ANALYTICS_PURGED) return false;
    const event = domainEventOf(recorded);
    if (event?.type === 'AnalyticsPurged') this.raise(event.data.before);
    return true;
  }

  /** Whether a row at this instant (ClickHouse's text) is kept. */
  keeps(at: string): boolean {
    return at >= this.horizon;
  }

  private raise(before: string | null) {
    if (before === null) return;
    const at = clickhouseTime(before);
    if (at > this.horizon) this.horizon = at;
  }
}
