import { domainEventOf, type AnalyticsStore, type ClickRow, type RecordedEvent } from '@linkledger/contracts';
import { profileUserAgentCached } from '../clicks/user-agent.ts';
import type { ProjectionTarget } from '../runner.ts';

const clickhouseTime = (iso: string) => iso.replace('T', ' ').replace('Z', '');

export function clickRow(recorded: RecordedEvent): ClickRow | null {
  const event = domainEventOf(recorded);
  if (event?.type !== 'Clicked') return null;
  const click = event.data;
  const profile = profileUserAgentCached(click.user_agent);
  return {
    position: recorded.position,
    link_id: click.link_id,
    owner_id: click.owner_id,
    at: clickhouseTime(recorded.metadata.at),
    country: click.country,
    referrer: click.referrer,
    source: click.source,
    browser: profile.browser,
    os: profile.os,
    device: profile.device,
    is_bot: profile.is_bot ? 1 : 0,
    visitor_hash: click.visitor_hash,
  };
}

/**
 * Clicks into ClickHouse. ClickHouse has no transactions, so the checkpoint is the data
 * itself: each batch is one INSERT (one part, all or nothing) and the checkpoint is the
 * highest position stored. After a crash the projector resumes after exactly that click.
 */
export class ClicksAnalyticsTarget implements ProjectionTarget {
  readonly name = 'analytics-clicks';
  readonly filter = { types: ['Clicked'] };

  constructor(private readonly store: AnalyticsStore) {}

  /** Where to resume: the highest click stored, once the derived tables agree with the clicks. */
  async checkpoint() {
    await this.store.recover();
    return this.store.lastPosition();
  }

  async apply(batch: RecordedEvent[]): Promise<void> {
    const rows = batch.map(clickRow).filter((row): row is ClickRow => row !== null);
    await this.store.insertClicks(rows);
  }

  reset() {
    return this.store.truncate();
  }
}
