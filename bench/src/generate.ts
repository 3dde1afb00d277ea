import { randomUUID } from 'node:crypto';
import { existsSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { currentVersion, type Clicked, type DomainEvent, type EventMetadata, type NewEvent, type StreamAppend } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { emailStream } from '@linkledger/services/accounts/email-claim-state.ts';
import { hashPassword } from '@linkledger/services/accounts/passwords.ts';
import { generateShortCode } from '@linkledger/services/links/short-codes.ts';
import { clickAppend } from '@linkledger/services/redirect/click-event.ts';
import { privateDataDirectory } from '@linkledger/services/platform/data-dir.ts';
import { loadConfig } from '@linkledger/services/platform/config.ts';
import { openPlatform } from '@linkledger/services/server/open-platform.ts';
import { DEFAULT_DATA_DIR, fmt, machine, writeFixture, type Fixture, type LinkRef } from './common.ts';
import {
  BOT_SHARE,
  BOT_USER_AGENTS,
  QR_SHARE,
  REFERRERS,
  ZipfSampler,
  clickTimes,
  hourlyWeights,
  seededRandom,
  visitorHash,
  visitorProfile,
} from './generator/distribution.ts';

/**
 * `npm run generate -- [--users N] [--links N] [--clicks N] [--data-dir DIR] [--seed N] [--force]`
 *
 * Writes a realistic data set through the real event path: the same events the deciders
 * and the redirect produce (ids allocated on the sequence streams, emails and short codes
 * claimed, clicks on `clicks-{id}` with the redirect's metadata), appended through the
 * SQLite event store with group commit, in time order, while the real projectors (read
 * model and ClickHouse analytics) follow in this process. Ends when both have caught up,
 * leaving bench-fixture.json (who owns the hot link, how to sign in) beside the data.
 */
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    links: { type: 'string', default: '100000' },
    clicks: { type: 'string', default: '10000000' },
    'data-dir': { type: 'string' },
    seed: { type: 'string', default: '42' },
    force: { type: 'boolean', default: false },
  },
  strict: true,
});
const count = (name: string, value: string, min: number) => {
  const n = Number(value.replaceAll('_', ''));
  if (!Number.isSafeInteger(n) || n < min) throw new Error(`--${name} must be a whole number ≥ ${min}`);
  return n;
};
const USERS = count('users', values.users, 2);
const LINKS_COUNT = count('links', values.links, 4);
const CLICKS = count('clicks', values.clicks, 0);
const SEED = count('seed', values.seed, 0);
const DATA_DIR = resolve(values['data-dir'] ?? process.env['DATA_DIR'] ?? DEFAULT_DATA_DIR);

const DAY = 86_400_000;
const WINDOW_DAYS = 90;
const PASSWORD = 'benchmark-password';
/** Events per append call, and how many calls may be in flight (the writer commits them in groups). */
const BATCH_EVENTS = 4000;
const IN_FLIGHT = 4;
/**
 * How far the slower projector may trail the writes before writing pauses. Generation,
 * serialisation and both projectors share this process's main thread; without the pause
 * the projector that reads from disk (analytics) starves and finishes long after the writes.
 */
const MAX_LAG = 200_000;
/** Share of all links that belong to the benchmark's owner (a busy account, 1,000 links at the default size). */
const OWNER_SHARE = 0.01;

const DOMAINS = [
  'shop.example.com',
  'blog.example.org',
  'news.example.net',
  'docs.example.io',
  'events.example.com',
  'www.example.co.uk',
  'store.example.de',
  'app.example.dev',
];
const WORDS = ['spring-sale', 'launch', 'webinar', 'release-notes', 'pricing', 'careers', 'podcast', 'report-2026', 'guide', 'signup', 'summit', 'newsletter'];

interface UserPlan {
  registeredAt: number;
  id: number;
  email: string;
}
interface LinkPlan {
  createdAt: number;
  owner: number;
  id: number;
  code: string;
  url: string;
  title: string;
}

function plan() {
  const random = seededRandom(SEED);
  const now = Date.now();
  const windowStart = now - WINDOW_DAYS * DAY;
  const ownerPicker = new ZipfSampler(USERS - 2, 0.9);
  // Link index = popularity rank: 0 is the hottest. The hottest hundred exist before the window.
  const links: LinkPlan[] = [];
  for (let rank = 0; rank < LINKS_COUNT; rank++) {
    const owner = rank === 0 || random() < OWNER_SHARE ? 1 : 2 + ownerPicker.sample(random);
    const early = rank < 100 || random() < 0.65;
    const createdAt = early ? windowStart - (1 + random() * 90) * DAY : windowStart + random() * (WINDOW_DAYS * DAY - 3_600_000);
    const word = WORDS[Math.floor(random() * WORDS.length)]!;
    const url = `https://${DOMAINS[Math.floor(random() * DOMAINS.length)]}/${word}/${rank}?utm_source=linkledger`;
    links.push({ createdAt, owner, id: 0, code: '', url, title: `${word.replaceAll('-', ' ')} #${rank}` });
  }
  const firstLink = new Float64Array(USERS).fill(Number.POSITIVE_INFINITY);
  for (const link of links) firstLink[link.owner] = Math.min(firstLink[link.owner]!, link.createdAt);
  const users: UserPlan[] = [];
  for (let u = 0; u < USERS; u++) {
    const registeredAt =
      u === 0
        ? windowStart - 200 * DAY
        : Number.isFinite(firstLink[u]!)
          ? firstLink[u]! - (0.01 + random() * 14) * DAY
          : windowStart - 100 * DAY + random() * 190 * DAY;
    const email = u === 0 ? 'admin@bench.linkledger.test' : u === 1 ? 'owner@bench.linkledger.test' : `user${u}@bench.linkledger.test`;
    users.push({ registeredAt: Math.min(registeredAt, now - 60_000), id: 0, email });
  }
  return { random, now, windowStart, links, users };
}

const metadata = (actor: EventMetadata['actor'], at: number): EventMetadata => {
  const id = randomUUID();
  return { actor, correlation_id: id, causation_id: id, at: new Date(at).toISOString() };
};
const event = (domain: DomainEvent, meta: EventMetadata): NewEvent => ({
  id: randomUUID(),
  type: domain.type,
  version: currentVersion[domain.type],
  data: domain.data,
  metadata: meta,
});

async function main() {
  if (existsSync(join(DATA_DIR, 'events.db'))) {
    if (!values.force) throw new Error(`${DATA_DIR} already holds a data set: use --force to replace it, or another --data-dir.`);
    rmSync(DATA_DIR, { recursive: true, force: true });
  }
  privateDataDirectory(DATA_DIR);
  console.log(`Machine: ${machine()}`);
  console.log(`Generating ${fmt(USERS)} users, ${fmt(LINKS_COUNT)} links, ${fmt(CLICKS)} clicks (seed ${SEED}) into ${DATA_DIR}`);

  const { random, now, windowStart, links, users } = plan();
  const passwordHash = await hashPassword(PASSWORD);
  process.env['DATA_DIR'] = DATA_DIR;
  process.env['LOG_LEVEL'] ??= 'warn';
  const platform = await openPlatform({ ...loadConfig(), ROLE: 'all' }, { log: { info: () => undefined, error: (e, m) => console.error(m, e) } });
  const store = platform.events;
  if ((await store.headPosition()) !== 0) throw new Error('The event store is not empty');

  const totalEvents = 4 * USERS + 1 + 3 * LINKS_COUNT + CLICKS;
  const bars = new cliProgress.MultiBar(
    {
      format: '{name} [{bar}] {percentage}% | {value}/{total} | {rate}/s | {duration_formatted}',
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 15_000,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  const written = bars.create(totalEvents, 0, { name: 'events written ', rate: 0 });
  const projected = platform.runners.map((runner) => ({ runner, bar: bars.create(totalEvents, 0, { name: runner.name.padEnd(15).slice(0, 15), rate: 0 }) }));
  const started = Date.now();
  const ticker = setInterval(() => {
    const seconds = Math.max(0.001, (Date.now() - started) / 1000);
    for (const { runner, bar } of projected) bar.update(runner.applied, { rate: fmt(runner.applied / seconds) });
  }, 1000);

  // Appends go out in big calls, several in flight: the writer thread commits whatever has
  // reached it in one transaction, as it does for concurrent redirects.
  let batch: StreamAppend[] = [];
  let batchEvents = 0;
  let writtenEvents = 0;
  const inFlight: Promise<unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const n = batchEvents;
    inFlight.push(
      store.append(batch).then(() => {
        writtenEvents += n;
        written.update(writtenEvents, { rate: fmt(writtenEvents / Math.max(0.001, (Date.now() - started) / 1000)) });
      }),
    );
    batch = [];
    batchEvents = 0;
    if (inFlight.length >= IN_FLIGHT) await inFlight.shift();
    while (writtenEvents - Math.min(...platform.runners.map((runner) => runner.applied)) > MAX_LAG) await new Promise((r) => setTimeout(r, 20));
  };
  const add = async (append: StreamAppend) => {
    batch.push(append);
    batchEvents += append.events.length;
    if (batchEvents >= BATCH_EVENTS) await flush();
  };

  let userSeq = 0;
  let linkSeq = 0;
  const codes = new Set<string>();
  const emitUser = async (user: UserPlan, index: number) => {
    user.id = ++userSeq;
    const allocated = metadata({ kind: 'user', id: 'anonymous' }, user.registeredAt);
    const meta = { ...allocated, actor: { kind: 'user' as const, id: String(user.id) } };
    await add({ stream: 'sequence-user', expected: 'any', events: [event({ type: 'IdAllocated', data: { kind: 'user' } }, allocated)] });
    const role = index === 0 ? 'super_admin' : 'user';
    const appends: StreamAppend[] = [
      { stream: emailStream(user.email), expected: 'no_stream', events: [event({ type: 'EmailClaimed', data: { user_id: user.id } }, meta)] },
      {
        stream: `user-${user.id}`,
        expected: 'no_stream',
        events: [
          event({ type: 'UserRegistered', data: { user_id: user.id, email: user.email, password_hash: passwordHash, role } }, meta),
          event({ type: 'EmailVerified', data: { user_id: user.id, via: 'email_link' } }, meta),
        ],
      },
    ];
    if (role === 'super_admin')
      appends.push({ stream: 'system', expected: 'no_stream', events: [event({ type: 'SuperAdminAssigned', data: { user_id: user.id } }, meta)] });
    for (const append of appends) await add(append);
  };
  const emitLink = async (link: LinkPlan) => {
    link.id = ++linkSeq;
    const owner = users[link.owner]!;
    do link.code = generateShortCode();
    while (codes.has(link.code));
    codes.add(link.code);
    const meta = metadata({ kind: 'user', id: String(owner.id) }, link.createdAt);
    await add({ stream: 'sequence-link', expected: 'any', events: [event({ type: 'IdAllocated', data: { kind: 'link' } }, meta)] });
    await add({
      stream: `shortcode-${link.code}`,
      expected: 'no_stream',
      events: [event({ type: 'ShortCodeClaimed', data: { short_code: link.code, link_id: link.id } }, meta)],
    });
    const created: DomainEvent = {
      type: 'LinkCreated',
      data: {
        link_id: link.id,
        owner_id: owner.id,
        short_code: link.code,
        original_url: link.url,
        title: link.title,
        description: '',
        created_via: random() < 0.15 ? 'api' : 'manual',
        custom_domain: null,
        trai_header: null,
      },
    };
    await add({ stream: `link-${link.id}`, expected: 'no_stream', events: [event(created, meta)] });
  };

  // Users and links in the order they came, interleaved with the clicks by time.
  const entities = [...users.map((user, index) => ({ at: user.registeredAt, user, index })), ...links.map((link) => ({ at: link.createdAt, link }))].sort(
    (a, b) => a.at - b.at,
  );
  let nextEntity = 0;
  const emitEntitiesUntil = async (at: number) => {
    while (nextEntity < entities.length && entities[nextEntity]!.at <= at) {
      const entity = entities[nextEntity++]!;
      if ('user' in entity) await emitUser(entity.user, entity.index);
      else await emitLink(entity.link);
    }
  };

  const zipf = new ZipfSampler(LINKS_COUNT, 1.1);
  const clicksOf = new Uint32Array(LINKS_COUNT);
  const humanOf = new Uint32Array(LINKS_COUNT);
  const visitors = Math.max(1000, Math.floor(CLICKS / 3));
  const hours = WINDOW_DAYS * 24;
  for (const at of clickTimes(CLICKS, windowStart, hourlyWeights(windowStart, hours, random))) {
    if (at > now) break;
    await emitEntitiesUntil(at);
    // A click cannot come before its link: draw again, then fall back on the hottest link.
    let rank = zipf.sample(random);
    for (let tries = 0; links[rank]!.createdAt > at && tries < 6; tries++) rank = zipf.sample(random);
    if (links[rank]!.createdAt > at) rank = 0;
    const link = links[rank]!;
    const bot = random() < BOT_SHARE;
    const visitor = bot ? visitors + Math.floor(random() * 500) : Math.floor(random() * visitors);
    const profile = visitorProfile(visitor);
    const userAgent = bot ? BOT_USER_AGENTS.pick(random) : profile.userAgent;
    const qr = !bot && random() < QR_SHARE;
    const hash = visitorHash(visitor, Math.floor(at / DAY));
    const click: Clicked = {
      link_id: link.id,
      owner_id: users[link.owner]!.id,
      link_version: 0,
      destination: link.url,
      country: profile.country,
      user_agent: userAgent,
      referrer: qr ? '' : REFERRERS.pick(random),
      source: qr ? 'qr' : 'link',
      visitor_hash: hash,
    };
    clicksOf[rank]! += 1;
    if (!bot) humanOf[rank]! += 1;
    await add(clickAppend(click, new Date(at)));
  }
  await emitEntitiesUntil(Number.POSITIVE_INFINITY);
  await flush();
  await Promise.all(inFlight);
  const head = await store.headPosition();
  const writeSeconds = (Date.now() - started) / 1000;
  written.setTotal(head);
  written.update(head);
  for (const { bar } of projected) bar.setTotal(head);

  // The projectors have been following all along; wait until both reach the head.
  while (platform.runners.some((runner) => runner.applied < head)) await new Promise((r) => setTimeout(r, 500));
  const projectionSeconds = (Date.now() - started) / 1000;
  clearInterval(ticker);
  for (const { runner, bar } of projected) bar.update(runner.applied, { rate: fmt(runner.applied / projectionSeconds) });
  bars.stop();

  const ref = (rank: number): LinkRef => ({ id: links[rank]!.id, code: links[rank]!.code, clicks: clicksOf[rank]!, human: humanOf[rank]! });
  const ownerRanks = links.flatMap((link, rank) => (link.owner === 1 ? [rank] : []));
  const early = ownerRanks.filter((rank) => links[rank]!.createdAt < windowStart && rank > 0);
  const tailRank = early.reduce(
    (best, rank) => (Math.abs(rank - LINKS_COUNT / 2) < Math.abs(best - LINKS_COUNT / 2) ? rank : best),
    early[0] ?? ownerRanks.at(-1)!,
  );
  const probeRank = ownerRanks.reduce((best, rank) => (clicksOf[rank]! < clicksOf[best]! ? rank : best), ownerRanks.at(-1)!);
  const fixture: Fixture = {
    generatedAt: new Date(now).toISOString(),
    seed: SEED,
    users: USERS,
    links: LINKS_COUNT,
    clicks: clicksOf.reduce((a, b) => a + b, 0),
    events: head,
    head,
    password: PASSWORD,
    owner: { id: users[1]!.id, email: users[1]!.email, links: ownerRanks.length },
    admin: { id: users[0]!.id, email: users[0]!.email },
    hot: ref(0),
    tail: ref(tailRank),
    probe: ref(probeRank),
    seconds: { write: writeSeconds, projections: projectionSeconds },
  };

  // The projections must agree with what was written.
  const hotView = await platform.read.get<LinkView>(LINKS, fixture.hot.id);
  const [analyticsRow] = await platform.analytics.query<{ n: number }>('SELECT count() AS n FROM clicks WHERE link_id = {link:UInt64} AND is_bot = 0', {
    link: fixture.hot.id,
  });
  await platform.close();
  writeFixture(DATA_DIR, fixture);

  console.log(
    `\nWrote ${fmt(head)} events in ${writeSeconds.toFixed(1)} s (${fmt(head / writeSeconds)} events/s); projections caught up after ${projectionSeconds.toFixed(1)} s.`,
  );
  console.log(
    `Hot link ${fixture.hot.code} (id ${fixture.hot.id}): ${fmt(fixture.hot.clicks)} clicks, ${fmt(fixture.hot.human)} human; read model ${fmt(hotView?.total_clicks ?? -1)}, analytics ${fmt(Number(analyticsRow?.n ?? -1))}.`,
  );
  console.log(
    `Owner ${fixture.owner.email} (password ${PASSWORD}) has ${fmt(fixture.owner.links)} links; long-tail link ${fixture.tail.code} ${fmt(fixture.tail.clicks)} clicks; probe ${fixture.probe.code} ${fmt(fixture.probe.clicks)}.`,
  );
  if (hotView?.total_clicks !== fixture.hot.human || Number(analyticsRow?.n) !== fixture.hot.human) {
    throw new Error('The projections do not match the generated clicks');
  }
  console.log(`Fixture: ${join(DATA_DIR, 'bench-fixture.json')}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
