import cliProgress from 'cli-progress';
import type { RecordedEvent } from '@linkledger/contracts';
import { LINKS, LINK_TOTALS, REBUILD_BATCH, rebuild, type LinkView, type ProjectionTarget } from '@linkledger/projections';
import { loadConfig } from '@linkledger/services/platform/config.ts';
import { openPlatform } from '@linkledger/services/server/open-platform.ts';
import { dataDirArg, fmt, machine, readFixture } from './common.ts';

/**
 * `npm run bench:rebuild [-- --data-dir DIR] [-- --only read|analytics]`: each projection
 * rebuilt from position 0 over a generated data set, as `npm run rebuild` does it, in
 * events applied per second; beside it, in the same run, the event store's raw readAll
 * throughput (the ceiling a rebuild that did nothing with the events would reach). The
 * server must not be running on the same data directory. Ends by checking the rebuilt
 * models still agree with what the generator wrote.
 */
const TARGET_EPS = 20_000;
/** The rebuild's own batch size (as `npm run rebuild` uses it), also the baseline's page size. */
const BATCH = REBUILD_BATCH;

/** Counts what a target is given, so the figure is events applied, not positions skipped. */
function counted(target: ProjectionTarget) {
  let events = 0;
  const wrapper: ProjectionTarget = {
    name: target.name,
    filter: target.filter,
    checkpoint: () => target.checkpoint(),
    reset: () => target.reset(),
    apply: (batch: RecordedEvent[], through: number) => {
      events += batch.length;
      return target.apply(batch, through);
    },
  };
  return { wrapper, events: () => events };
}

function bar(name: string) {
  return new cliProgress.SingleBar(
    {
      format: `${name.padEnd(18)} [{bar}] {percentage}% | {value}/{total} positions | {eps} events/s`,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 15_000,
    },
    cliProgress.Presets.shades_classic,
  );
}

async function main() {
  const { dataDir, values } = dataDirArg({ only: { type: 'string' } });
  const only = values['only'] as string | undefined;
  if (only && only !== 'read' && only !== 'analytics') throw new Error('--only must be read or analytics');
  const fixture = readFixture(dataDir);
  console.log(`Machine: ${machine()}`);
  console.log(`Data: ${dataDir}: ${fmt(fixture.events)} events (${fmt(fixture.clicks)} clicks)`);
  process.env['DATA_DIR'] = dataDir;
  process.env['LOG_LEVEL'] ??= 'warn';
  // The stores (analytics owned by this process) without projectors: the benchmark drives the rebuilds.
  const platform = await openPlatform(
    { ...loadConfig(), ROLE: 'projector' },
    { log: { info: () => undefined, error: (e, m) => console.error(m, e) }, projectors: false },
  );
  const rows: string[] = [];
  let equal: string | undefined;
  // What the dashboard and analytics show, before and after: hot link, owner totals, every
  // click counted by day and breakdown.
  const snapshot = async () => ({
    hot: (await platform.read.get<LinkView>(LINKS, fixture.hot.id))?.total_clicks,
    owner: await platform.read.get(LINK_TOTALS, fixture.owner.id),
    clicks: await platform.analytics.query(
      'SELECT count() AS n, sum(is_bot) AS bots, max(position) AS last, sum(cityHash64(visitor_hash, at, link_id)) AS digest FROM clicks',
    ),
    daily: await platform.analytics.query(
      'SELECT dimension, sum(clicks) AS clicks, uniqExact(link_id, day, value) AS keys FROM clicks_daily GROUP BY dimension ORDER BY dimension',
    ),
  });
  try {
    const head = await platform.events.headPosition();
    const before = await snapshot();

    // Baseline: read every event once, parsed, in the rebuild's page size.
    const read = bar('readAll (baseline)');
    read.start(head, 0, { eps: 0 });
    let started = performance.now();
    let after = 0;
    let seen = 0;
    while (after < head) {
      const page = await platform.events.readAll({ after, limit: BATCH });
      if (page.length === 0) break;
      seen += page.length;
      after = page.at(-1)!.position;
      read.update(after, { eps: fmt(seen / ((performance.now() - started) / 1000)) });
    }
    read.stop();
    const readSeconds = (performance.now() - started) / 1000;
    rows.push(`| baseline: readAll, every event, pages of ${fmt(BATCH)} | ${fmt(seen)} | ${readSeconds.toFixed(1)} | ${fmt(seen / readSeconds)} | |`);

    const targets = [...(only !== 'analytics' ? [platform.readModelTarget] : []), ...(only !== 'read' ? [platform.analyticsTarget] : [])];
    for (const target of targets) {
      const { wrapper, events } = counted(target);
      const progress = bar(target.name);
      progress.start(head, 0, { eps: 0 });
      started = performance.now();
      await rebuild(platform.events, wrapper, (through) => progress.update(through, { eps: fmt(events() / ((performance.now() - started) / 1000)) }), BATCH);
      progress.stop();
      const seconds = (performance.now() - started) / 1000;
      const eps = events() / seconds;
      const verdict = eps >= TARGET_EPS ? 'met' : `missed by ${fmt(TARGET_EPS - eps)}/s (${fmt((100 * eps) / TARGET_EPS)} % of target)`;
      rows.push(`| rebuild ${target.name} from 0 | ${fmt(events())} | ${seconds.toFixed(1)} | ${fmt(eps)} | ≥ ${fmt(TARGET_EPS)}/s: ${verdict} |`);
    }

    // Rebuild equality at scale: the rebuilt models give what the incremental ones gave.
    const rebuilt = await snapshot();
    if (JSON.stringify(rebuilt) !== JSON.stringify(before))
      throw new Error(`Rebuilt projections differ:\nbefore  ${JSON.stringify(before)}\nrebuilt ${JSON.stringify(rebuilt)}`);
    equal = JSON.stringify(rebuilt);
  } finally {
    await platform.close();
  }
  console.log(`\n| run | events | seconds | events/s | target |`);
  console.log('| --- | --- | --- | --- | --- |');
  for (const row of rows) console.log(row);
  console.log(`\nRebuilt projections equal the incremental ones (hot link total, owner totals, clicks digest, per-day table by dimension): ${equal}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
