import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { domainEventOf, type EventStore, type LinkResponse, type RecordedEvent, type WorkspaceActivity } from '@linkledger/contracts';
import { DEFAULT_CLASSIFIER, apiReadModel, rebuild } from '@linkledger/projections';
import type { FastifyInstance } from 'fastify';
import { loadRebuildLog } from '../projection-ops/rebuild-log-state.ts';
import { runToCompletion } from '../testing/child-process.ts';
import { eventually } from '../testing/eventually.ts';
import { CHROME } from '../testing/http-client.ts';
import { giveUnlimitedRetention, givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signIn, startTestApp, type TestApp } from '../testing/test-app.ts';

/*
 * docs/workspaces.md "Identity: why nothing is migrated": a data set written before workspaces
 * existed (no workspace event in its log, a read model with no workspace in it) is opened by
 * this version, and every user finds all of it in their personal workspace.
 */

const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-pre-workspace-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** What the benchmark's generator leaves beside its data set (bench/src/common.ts). */
interface GeneratedFixture {
  password: string;
  users: number;
  admin: { id: number; email: string };
  owner: { id: number; email: string };
}
const USERS = 5;
const emailOf = (index: number, fixture: GeneratedFixture) =>
  index === 0 ? fixture.admin.email : index === 1 ? fixture.owner.email : `user${index}@bench.linkledger.test`;

/** Types that exist only since workspaces: none may be in a log written before them. */
const WORKSPACE_ERA = /^Workspace|^CustomSeatsSet$/;
const LINK_ACTIVITY = new Set(['LinkCreated', 'LinkUpdated', 'LinkDeleted', 'LinkModerated']);

async function wholeLog(events: EventStore): Promise<RecordedEvent[]> {
  const log: RecordedEvent[] = [];
  for (let page = await events.readAll({ after: 0, limit: 1000 }); page.length > 0; page = await events.readAll({ after: page.at(-1)!.position, limit: 1000 }))
    log.push(...page);
  return log;
}

interface ExpectedLink {
  id: number;
  owner_id: number;
  short_code: string;
  original_url: string;
  title: string;
  is_active: boolean;
  total_clicks: number;
}

/** What the log itself says each owner has, read without the read model: live links, their human clicks, their history. */
function foldLog(log: RecordedEvent[]) {
  const links = new Map<number, ExpectedLink>();
  const deleted = new Set<number>();
  const linkEvents = new Map<number, number[]>();
  const streamPositions = new Map<string, number[]>();
  for (const recorded of log) {
    streamPositions.set(recorded.stream, [...(streamPositions.get(recorded.stream) ?? []), recorded.position]);
    const event = domainEventOf(recorded);
    if (!event) continue;
    if (LINK_ACTIVITY.has(event.type) && recorded.stream.startsWith('link-')) {
      const id = Number(recorded.stream.slice('link-'.length));
      linkEvents.set(id, [...(linkEvents.get(id) ?? []), recorded.position]);
    }
    if (event.type === 'LinkCreated') {
      const { link_id, owner_id, short_code, original_url, title } = event.data;
      links.set(link_id, { id: link_id, owner_id, short_code, original_url, title, is_active: true, total_clicks: 0 });
    } else if (event.type === 'LinkUpdated') {
      const link = links.get(event.data.link_id)!;
      const { title, original_url, is_active } = event.data.changes;
      Object.assign(
        link,
        title === undefined ? {} : { title },
        original_url === undefined ? {} : { original_url },
        is_active === undefined ? {} : { is_active },
      );
    } else if (event.type === 'LinkDeleted') deleted.add(event.data.link_id);
    else if (event.type === 'Clicked' && !DEFAULT_CLASSIFIER.isBot(event.data.user_agent)) links.get(event.data.link_id)!.total_clicks += 1;
  }
  const all = [...links.values()];
  return {
    all,
    liveLinksOf: (owner: number) => all.filter((link) => link.owner_id === owner && !deleted.has(link.id)).sort((a, b) => a.id - b.id),
    /** Positions of the activity of an owner's links, deleted ones included, newest first. */
    activityOf: (owner: number) =>
      all
        .filter((link) => link.owner_id === owner)
        .flatMap((link) => linkEvents.get(link.id) ?? [])
        .sort((a, b) => b - a),
    positionsOf: (stream: string) => streamPositions.get(stream) ?? [],
  };
}

async function activityPositions(app: FastifyInstance, headers: Record<string, string>, workspaceId: number): Promise<number[]> {
  const positions: number[] = [];
  let before: number | null = null;
  do {
    const page: { statusCode: number; body: string; json<T>(): T } = await app.inject({
      url: `/api/workspaces/${workspaceId}/activity?limit=100${before ? `&before=${before}` : ''}`,
      headers,
    });
    expect(page.statusCode, page.body).toBe(200);
    const { events, older } = page.json<WorkspaceActivity>();
    positions.push(...events.map((entry) => entry.position));
    before = older;
  } while (before !== null);
  return positions;
}

/** Positions of an entity's events in the admins' history viewer (none for an entity without a stream: a user on no plan has no subscription). */
async function timelinePositions(app: FastifyInstance, admin: Record<string, string>, entity: string): Promise<number[]> {
  const timeline = await app.inject({ url: `/api/admin/entities/${entity}/timeline`, headers: admin });
  if (timeline.statusCode === 404) return [];
  expect(timeline.statusCode, timeline.body).toBe(200);
  return timeline.json<{ entries: { position: number }[] }>().entries.map((entry) => entry.position);
}

/** Every document of the read model, collection by collection, and every click analytics holds. */
async function projectionsOf(t: TestApp) {
  const read: Record<string, unknown[]> = {};
  for (const collection of Object.keys(apiReadModel.collections).sort())
    read[collection] = await t.platform.read.find(collection, { sort: [{ field: 'id', direction: 'asc' }] });
  const clicks = await t.platform.analytics.query('SELECT * FROM clicks ORDER BY position');
  return { read, clicks };
}

describe('a data set written before workspaces existed', () => {
  it('keeps every link, click count and history entry in each user’s personal workspace, and rebuilds from position 0 to the same read model', async () => {
    // Given: the benchmark generator's data set (users, links, clicks) …
    await runToCompletion('bench/src/generate.ts', ['--users', String(USERS), '--links', '40', '--clicks', '600', '--seed', '31', '--data-dir', dataDir], {});
    const fixture = JSON.parse(readFileSync(join(dataDir, 'bench-fixture.json'), 'utf8')) as GeneratedFixture;

    // … and, through the calls that existed before workspaces (none names one), links with
    // custom codes, edits, deletions, clicks through the redirect, a subscription, a custom
    // domain and an API key with a link made through it.
    const before = await startTestApp({ TRUST_PROXY: '1' }, { dataDir });
    const sessions: { id: number; headers: Record<string, string> }[] = [];
    for (let index = 0; index < USERS; index++) {
      const { headers } = await signIn(before.app, emailOf(index, fixture), fixture.password);
      const me = await before.app.inject({ url: '/api/users/me', headers });
      sessions.push({ id: me.json<{ id: number }>().id, headers });
    }
    const [, owner, second] = sessions as [unknown, (typeof sessions)[number], (typeof sessions)[number]];
    await givePlan(before.platform, owner.id, 'pro');
    for (const [session, code] of [
      [owner, 'spring-sale'],
      [owner, 'old-launch'],
      [second, 'careers-2026'],
    ] as const) {
      const created = await before.app.inject({
        method: 'POST',
        url: '/api/urls',
        headers: session.headers,
        payload: { original_url: `https://example.com/${code}`, title: code, short_code: code },
      });
      expect(created.statusCode, created.body).toBe(201);
    }
    const ownersLinks = (await before.app.inject({ url: '/api/urls?limit=100', headers: owner.headers })).json<LinkResponse[]>();
    const edited = ownersLinks.find((link) => link.short_code === 'spring-sale')!;
    const removed = ownersLinks.find((link) => link.short_code === 'old-launch')!;
    const generated = ownersLinks.find((link) => !['spring-sale', 'old-launch'].includes(link.short_code))!;
    for (const [id, changes] of [
      [edited.id, { original_url: 'https://example.com/spring-sale-2026', title: 'Spring sale' }],
      [generated.id, { is_active: false }],
    ] as const) {
      const patched = await before.app.inject({ method: 'PATCH', url: `/api/urls/${id}`, headers: owner.headers, payload: changes });
      expect(patched.statusCode, patched.body).toBe(200);
    }
    for (let i = 0; i < 6; i++) {
      const click = await before.app.inject({
        url: `/${i % 3 === 0 ? 'careers-2026' : 'spring-sale'}`,
        headers: { 'user-agent': CHROME, 'x-forwarded-for': `8.8.4.${i}` },
      });
      expect(click.statusCode).toBe(302);
    }
    expect((await before.app.inject({ method: 'DELETE', url: `/api/urls/${removed.id}`, headers: owner.headers })).statusCode).toBe(200);
    const domain = await before.app.inject({ method: 'POST', url: '/api/custom-domains', headers: owner.headers, payload: { domain: 'go.example.org' } });
    expect(domain.statusCode, domain.body).toBe(201);
    const key = await before.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: second.headers });
    const apiKey = key.json<{ api_key: string }>().api_key;
    const byKey = await before.app.inject({
      method: 'POST',
      url: '/api/urls/api',
      headers: { 'x-api-key': apiKey },
      payload: { original_url: 'https://example.com/by-key' },
    });
    expect(byKey.statusCode, byKey.body).toBe(201);
    await projectorsCaughtUp(before.platform);
    // The read model as the version before workspaces left it: no workspace in it.
    await Promise.all(before.platform.runners.map((runner) => runner.stop()));
    const checkpoint = await before.platform.read.checkpoint(apiReadModel.name);
    for (const collection of Object.keys(apiReadModel.collections).filter((name) => name.startsWith('workspace'))) {
      const docs = await before.platform.read.find<{ id: string | number }>(collection);
      await before.platform.read.commit(
        apiReadModel.name,
        docs.map((doc) => ({ collection, id: String(doc.id), doc: null })),
        checkpoint,
      );
    }
    await before.close();

    // When: this version opens it.
    const t = await startTestApp({}, { dataDir });
    try {
      const log = await wholeLog(t.platform.events);
      expect(log.filter((recorded) => WORKSPACE_ERA.test(recorded.type))).toEqual([]);
      const expected = foldLog(log);
      // The read model lacks the personal workspaces: the first start rebuilds it online.
      await eventually(
        async () => (await loadRebuildLog(t.platform.events)).some((record) => record.finished !== null),
        20_000,
        'the upgrade rebuild to finish',
      );
      expect(await loadRebuildLog(t.platform.events)).toMatchObject([{ projections: ['read'], reason: 'upgrade', finished: { outcome: 'done' } }]);

      // Then: each user finds their links, click counts and history in their personal workspace,
      // named or not.
      const admin = (await signIn(t.app, fixture.admin.email, fixture.password)).headers;
      let linksSeen = 0;
      const analyticsToCheck: { userId: number; headers: Record<string, string>; links: { id: number; total_clicks: number }[] }[] = [];
      for (let index = 0; index < USERS; index++) {
        const { headers: signedIn } = await signIn(t.app, emailOf(index, fixture), fixture.password);
        const id = sessions[index]!.id;
        const workspaces = await t.app.inject({ url: '/api/workspaces', headers: signedIn });
        expect(workspaces.json<{ workspaces: unknown[] }>().workspaces[0]).toMatchObject({ id, personal: true, role: 'owner' });
        const links = expected.liveLinksOf(id);
        linksSeen += links.length;
        for (const headers of [signedIn, { ...signedIn, 'x-workspace-id': String(id) }]) {
          const listed = await t.app.inject({ url: '/api/urls?limit=100', headers });
          expect(listed.statusCode, listed.body).toBe(200);
          const answered = listed.json<LinkResponse[]>().sort((a, b) => a.id - b.id);
          expect(
            answered.map(({ id, short_code, original_url, title, is_active, total_clicks }) => ({
              id,
              short_code,
              original_url,
              title,
              is_active,
              total_clicks,
            })),
          ).toEqual(links.map((link) => ({ ...link, owner_id: undefined })));
          analyticsToCheck.push({ userId: id, headers, links });
        }
        expect(await activityPositions(t.app, signedIn, id)).toEqual(expected.activityOf(id));
        for (const stream of [`user-${id}`, `subscription-${id}`]) {
          const [kind] = stream.split('-') as ['user' | 'subscription'];
          expect(await timelinePositions(t.app, admin, `${kind}/${id}`)).toEqual(expected.positionsOf(stream));
        }
      }
      expect(linksSeen).toBeGreaterThan(35);
      for (const link of expected.all) {
        expect(await timelinePositions(t.app, admin, `link/${link.id}`)).toEqual(expected.positionsOf(`link-${link.id}`));
      }

      // Every click counts in its link's analytics. The generator spreads clicks over more days
      // than a plan's retention shows (docs/privacy.md#analytics-retention), so each account is
      // given every day first: after the checks above, whose positions the new limit would move.
      for (const userId of new Set(analyticsToCheck.map((check) => check.userId))) await giveUnlimitedRetention(t.platform, userId);
      for (const { headers, links } of analyticsToCheck) {
        for (const link of links) {
          const analytics = await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers });
          expect(analytics.json<{ total_clicks: number }>().total_clicks, `link ${link.id}`).toBe(link.total_clicks);
        }
      }

      const ownerNow = (await signIn(t.app, fixture.owner.email, fixture.password)).headers;
      expect((await t.app.inject({ url: '/api/subscription/current', headers: ownerNow })).json()).toMatchObject({ plan_type: 'pro' });
      expect((await t.app.inject({ url: '/api/custom-domains', headers: ownerNow })).body).toContain('go.example.org');
      for (const headers of [{ 'x-api-key': apiKey }, { 'x-api-key': apiKey, 'x-workspace-id': String(second.id) }]) {
        const listed = await t.app.inject({ url: '/api/urls?limit=100', headers });
        expect(
          listed
            .json<LinkResponse[]>()
            .map((link) => link.id)
            .sort((a, b) => a - b),
        ).toEqual(expected.liveLinksOf(second.id).map((link) => link.id));
      }

      // And a rebuild of the read model and the analytics from position 0 gives the same.
      await projectorsCaughtUp(t.platform);
      await Promise.all(t.platform.runners.map((runner) => runner.stop()));
      const live = await projectionsOf(t);
      expect(live.read['workspaces']).toHaveLength(USERS);
      expect(live.clicks.length).toBeGreaterThan(600);
      await rebuild(t.platform.events, t.platform.readModelTarget, () => undefined, 50);
      await rebuild(t.platform.events, t.platform.analyticsTarget, () => undefined, 500);
      expect(await projectionsOf(t)).toEqual(live);
    } finally {
      await t.close();
    }
  }, 180_000);
});
