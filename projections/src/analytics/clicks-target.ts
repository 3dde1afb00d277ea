import { domainEventOf, type ClickRow, type ClickSink, type RecordedEvent, type VisitsImported } from '@linkledger/contracts';
import { BOT_POLICY_CHANGED, BotPolicyFollower, defaultBotPolicy, type BotClassifier, type BotPolicySource } from '../clicks/bot-policy.ts';
import { profileUserAgentCached } from '../clicks/user-agent.ts';
import type { ProjectionTarget } from '../runner.ts';
import { clickhouseTime } from './clickhouse-time.ts';
import { FACT_EVENT_TYPES, entityFacts } from './entity-facts.ts';
import { ANALYTICS_PURGED, PurgeHorizonFollower, noPurge, type PurgeHorizonSource } from './purge-horizon.ts';

/**
 * Adds the rows of one event to the batch's, those before the purge horizon left out:
 * straight into the batch's array, no array per event (the projector's garbage per click).
 */
function addClickRows(rows: ClickRow[], recorded: RecordedEvent, bots: BotClassifier, keeps: (at: string) => boolean): void {
  const event = domainEventOf(recorded);
  if (event?.type === 'VisitsImported') {
    for (const row of importedRows(recorded, event.data, bots)) if (keeps(row.at)) rows.push(row);
    return;
  }
  if (event?.type !== 'Clicked') return;
  const click = event.data;
  const at = clickhouseTime(recorded.metadata.at);
  if (!keeps(at)) return;
  const profile = profileUserAgentCached(click.user_agent);
  rows.push({
    position: recorded.position,
    link_id: click.link_id,
    owner_id: click.owner_id,
    at,
    country: click.country,
    referrer: click.referrer,
    source: click.source,
    browser: profile.browser,
    os: profile.os,
    device: profile.device,
    is_bot: bots.isBot(click.user_agent) ? 1 : 0,
    visitor_hash: click.visitor_hash,
    destination: click.destination,
    rule: click.rule ?? 0,
    variant: click.variant ?? 0,
  });
}

/**
 * Visits another shortener listed, brought by an import (docs/import.md#visits): clicks at
 * their own times with the source `imported`, so every figure can tell them from live ones.
 * They carry no visitor (the source kept none): distinct visitors count live clicks only.
 */
function importedRows(recorded: RecordedEvent, imported: VisitsImported, bots: BotClassifier): ClickRow[] {
  return imported.visits.map((visit) => {
    const profile = profileUserAgentCached(visit.user_agent);
    return {
      position: recorded.position,
      link_id: imported.link_id,
      owner_id: imported.owner_id,
      at: clickhouseTime(visit.at),
      country: visit.country,
      referrer: visit.referrer,
      source: 'imported',
      browser: profile.browser,
      os: profile.os,
      device: profile.device,
      is_bot: bots.isBot(visit.user_agent) ? 1 : 0,
      visitor_hash: '',
      destination: '',
      rule: 0,
      variant: 0,
    };
  });
}

/**
 * Clicks into ClickHouse. ClickHouse has no transactions, so the checkpoint is the data
 * itself: each batch is one INSERT (one part, all or nothing) and the checkpoint is the
 * highest position stored. After a crash the projector resumes after exactly that click.
 * Clicks are classified under the bot policy in force at their place in the log (the newest
 * the projector knows of) and stored with their verdict. Clicks before an admin's purge
 * horizon are not stored (docs/admin.md#purging-old-analytics): they stay in the log only.
 */
export class ClicksAnalyticsTarget implements ProjectionTarget {
  readonly name = 'analytics-clicks';
  readonly filter = { types: ['Clicked', 'VisitsImported', BOT_POLICY_CHANGED, ANALYTICS_PURGED, ...FACT_EVENT_TYPES] };
  private readonly bots: BotPolicyFollower;
  private readonly purges: PurgeHorizonFollower;

  constructor(
    private readonly store: ClickSink,
    botPolicy: BotPolicySource = defaultBotPolicy,
    purgeHorizon: PurgeHorizonSource = noPurge,
  ) {
    this.bots = new BotPolicyFollower(botPolicy);
    this.purges = new PurgeHorizonFollower(purgeHorizon);
  }

  async prepare() {
    await this.bots.load();
    await this.purges.load();
  }

  /** Where to resume: the highest click stored, once the derived tables agree with the clicks. */
  async checkpoint() {
    await this.store.recover();
    return this.store.lastPosition();
  }

  private readonly keeps = (at: string) => this.purges.keeps(at);

  async apply(batch: RecordedEvent[]): Promise<void> {
    const rows: ClickRow[] = [];
    for (const recorded of batch) {
      if (this.bots.observe(recorded) || this.purges.observe(recorded)) continue;
      addClickRows(rows, recorded, this.bots.classifier, this.keeps);
    }
    // Facts first: they replace themselves when replayed, and a crash before the clicks
    // leaves the checkpoint (the clicks') before this batch, so it is applied again whole.
    await this.store.insertFacts(entityFacts(batch));
    await this.store.insertClicks(rows);
  }

  reset() {
    return this.store.truncate();
  }
}
