import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntityStateAt, EventPage, HistoryEvent, Timeline } from '@linkledger/contracts';
import { signUp, startTestApp, type Session, type TestApp, post } from '../testing/test-app.ts';
import { givePlan } from '../testing/plans.ts';

/** A clock the test moves by hand, so "state at" has distinct times to ask about. */
let now = new Date('2026-11-02T09:00:00.000Z');
const tick = (minutes: number) => (now = new Date(now.getTime() + minutes * 60_000));

describe('entity timelines and time travel', () => {
  let t: TestApp;
  let admin: Session;
  let owner: Session;
  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => now });
    admin = await signUp(t.app, 'root@example.com');
    owner = await signUp(t.app, 'owner@example.com');
  });
  afterAll(async () => t.close());

  const asAdmin = <T>(url: string) =>
    t.app.inject({ url, headers: admin.headers }).then((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return r.json<T>();
    });

  it('shows three edits of a link (dashboard, API key, admin) with their actors and diffs, and the link as it was between them', async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/v0' } });
    const link = created.json<{ id: number }>();
    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: owner.headers })).json<{ api_key: string }>().api_key;

    tick(10);
    const byDashboard = await t.app.inject({
      method: 'PATCH',
      url: `/api/urls/${link.id}`,
      headers: owner.headers,
      payload: { original_url: 'https://example.com/v1' },
    });
    expect(byDashboard.statusCode, byDashboard.body).toBe(200);
    tick(10);
    const byKey = await t.app.inject({
      method: 'PATCH',
      url: `/api/urls/${link.id}`,
      headers: { 'x-api-key': key },
      payload: { original_url: 'https://example.com/v2' },
    });
    expect(byKey.statusCode, byKey.body).toBe(200);
    tick(10);
    const byAdmin = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/links/${link.id}`,
      headers: admin.headers,
      payload: { original_url: 'https://example.com/v3', title: 'Checked' },
    });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    expect(byAdmin.json()).toMatchObject({ message: 'Link updated successfully', link: { original_url: 'https://example.com/v3', owner_id: owner.user.id } });

    const timeline = await asAdmin<Timeline>(`/api/admin/entities/link/${link.id}/timeline`);
    expect(timeline.entries.map((entry) => entry.type)).toEqual(['LinkCreated', 'LinkUpdated', 'LinkUpdated', 'LinkUpdated']);
    const edits = timeline.entries.slice(1);
    expect(edits.map((entry) => entry.actor.kind)).toEqual(['user', 'api_key', 'user']);
    expect(edits[0]!.actor.id).toBe(String(owner.user.id));
    expect(edits[1]!.actor.id).not.toBe(String(owner.user.id));
    expect(edits[2]!.actor.id).toBe(String(admin.user.id));
    expect(edits.map((entry) => entry.changes.find((change) => change.field === 'destination'))).toEqual([
      { field: 'destination', before: 'https://example.com/v0', after: 'https://example.com/v1' },
      { field: 'destination', before: 'https://example.com/v1', after: 'https://example.com/v2' },
      { field: 'destination', before: 'https://example.com/v2', after: 'https://example.com/v3' },
    ]);
    expect(edits[2]!.changes.map((change) => change.field).sort()).toEqual(['destination', 'title']);
    expect(edits[1]!.summary).toBe('Link edited: destination → https://example.com/v2');
    expect(timeline.state).toMatchObject({ destination: 'https://example.com/v3', title: 'Checked', owner_id: owner.user.id });

    // Between the second and third edit, by time and by position.
    const byTime = await asAdmin<EntityStateAt>(
      `/api/admin/entities/link/${link.id}/state?at=${encodeURIComponent(new Date(now.getTime() - 5 * 60_000).toISOString())}`,
    );
    expect(byTime.state).toMatchObject({ destination: 'https://example.com/v2' });
    expect(byTime.as_of).toEqual({ position: edits[1]!.position, revision: 2, at: edits[1]!.at });
    const byPosition = await asAdmin<EntityStateAt>(`/api/admin/entities/link/${link.id}/state?at=${edits[1]!.position}`);
    expect(byPosition.state).toMatchObject({ destination: 'https://example.com/v2' });
    const before = await asAdmin<EntityStateAt>(`/api/admin/entities/link/${link.id}/state?at=2020-01-01T00:00:00Z`);
    expect(before).toMatchObject({ as_of: null, state: null });

    // From an actor or a correlation id to the events it caused.
    const page = await asAdmin<EventPage>(`/api/admin/events?correlation=${encodeURIComponent(edits[1]!.correlation_id)}`);
    expect(page.events.map((event) => [event.type, event.stream])).toEqual([['LinkUpdated', `link-${link.id}`]]);
    const byActor = await asAdmin<EventPage>(`/api/admin/events?actor=${encodeURIComponent(edits[1]!.actor.id)}`);
    expect(byActor.events.map((event) => event.position)).toEqual([edits[1]!.position]);
  });

  it('shows a link password only as redacted, in its events, timeline and state', async () => {
    await givePlan(t.platform, owner.user.id, 'pro');
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: owner.headers,
      payload: { original_url: 'https://example.com/guarded', password: 'link secret one' },
    });
    const link = created.json<{ id: number }>();
    tick(1);
    await t.app.inject({ method: 'PATCH', url: `/api/urls/${link.id}`, headers: owner.headers, payload: { password: 'link secret two' } });
    const hashes = (await t.platform.events.readStream(`link-${link.id}`)).flatMap((event) => {
      const data = event.data as { password_hash?: string; changes?: { password_hash?: string } };
      return [data.password_hash, data.changes?.password_hash].filter((hash): hash is string => typeof hash === 'string');
    });
    expect(hashes).toHaveLength(2);

    const timeline = await t.app.inject({ url: `/api/admin/entities/link/${link.id}/timeline`, headers: admin.headers });
    const state = await t.app.inject({ url: `/api/admin/entities/link/${link.id}/state`, headers: admin.headers });
    const events = await t.app.inject({ url: `/api/admin/events?stream=link-${link.id}`, headers: admin.headers });
    const shown = [timeline.body, state.body, events.body].join('\n');
    expect(events.json<EventPage>().events.map((event) => event.type)).toEqual(expect.arrayContaining(['LinkCreated', 'LinkUpdated']));
    for (const secret of [...hashes, 'link secret one', 'link secret two']) expect(shown).not.toContain(secret);
    expect(events.json<EventPage>().events.find((event) => event.type === 'LinkCreated')?.data).toMatchObject({ password_hash: '[redacted]' });
    expect(events.json<EventPage>().events.find((event) => event.type === 'LinkUpdated')?.summary).toBe('Link edited: password');
  });

  it('shows a user’s status changes and a subscription’s plan changes, and either as it was', async () => {
    const eve = await signUp(t.app, 'eve@example.com');
    tick(10);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${eve.user.id}/suspend`, headers: admin.headers })).statusCode).toBe(200);
    const suspendedAt = tick(10).toISOString();
    tick(10);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${eve.user.id}/activate`, headers: admin.headers })).statusCode).toBe(200);

    const user = await asAdmin<Timeline>(`/api/admin/entities/user/${eve.user.id}/timeline`);
    const statuses = user.entries.filter((entry) => entry.type === 'UserStatusChanged');
    expect(statuses.map((entry) => [entry.actor.id, entry.changes])).toEqual([
      [String(admin.user.id), [{ field: 'status', before: 'active', after: 'suspended' }]],
      [String(admin.user.id), [{ field: 'status', before: 'suspended', after: 'active' }]],
    ]);
    expect(user.entries[0]).toMatchObject({ type: 'UserRegistered', summary: `Account ${eve.user.id} registered as user` });
    expect((await asAdmin<EntityStateAt>(`/api/admin/entities/user/${eve.user.id}/state?at=${suspendedAt}`)).state).toMatchObject({
      status: 'suspended',
      email: 'eve@example.com',
    });
    expect(JSON.stringify(user)).not.toMatch(/scrypt|password_hash|passwordHash/);

    tick(10);
    const toPro = await post(t.app, `/api/admin/users/${eve.user.id}/change-plan`, admin.headers, { plan_type: 'pro' });
    expect(toPro.statusCode, toPro.body).toBe(200);
    const proAt = tick(10).toISOString();
    tick(10);
    await t.app.inject({ method: 'POST', url: `/api/admin/users/${eve.user.id}/change-plan`, headers: admin.headers, payload: { plan_type: 'enterprise' } });
    const plans = await asAdmin<Timeline>(`/api/admin/entities/subscription/${eve.user.id}/timeline`);
    expect(plans.entries.map((entry) => entry.changes.find((change) => change.field === 'plan_type'))).toEqual([
      { field: 'plan_type', before: 'free', after: 'pro' },
      { field: 'plan_type', before: 'pro', after: 'enterprise' },
    ]);
    expect((await asAdmin<EntityStateAt>(`/api/admin/entities/subscription/${eve.user.id}/state?at=${proAt}`)).state).toMatchObject({ plan_type: 'pro' });
  });

  it('answers 404 for an entity the log does not hold and 400 for a kind or time it does not know', async () => {
    const missing = await t.app.inject({ url: '/api/admin/entities/link/99999/timeline', headers: admin.headers });
    expect([missing.statusCode, missing.json().detail]).toEqual([404, 'No link 99999 in the log']);
    expect((await t.app.inject({ url: '/api/admin/entities/planet/1/timeline', headers: admin.headers })).statusCode).toBe(400);
    const badTime = await t.app.inject({ url: `/api/admin/entities/user/${owner.user.id}/state?at=last-tuesday`, headers: admin.headers });
    expect(badTime.statusCode).toBe(400);
    expect(badTime.json().detail).toMatch(/ISO time such as .* or a position in the log/);
  });
});

describe('the event browser', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t.app, 'root@example.com');
  });
  afterAll(async () => t.close());

  const page = async (query: string) => {
    const response = await t.app.inject({ url: `/api/admin/events?${query}`, headers: admin.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<EventPage>();
  };

  it('pages 10,000 events forward and back without a gap or a repeat, and filters combine', async () => {
    const metadata = (i: number) => ({
      actor: { kind: 'user' as const, id: i % 2 ? 'odd' : 'even' },
      correlation_id: `bulk-${i}`,
      causation_id: `bulk-${i}`,
      at: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
    });
    for (let batch = 0; batch < 10; batch++) {
      await t.platform.events.append(
        Array.from({ length: 10 }, (_, s) => ({
          stream: `bulk-${s}`,
          expected: 'any' as const,
          events: Array.from({ length: 100 }, (_, k) => {
            const i = batch * 1000 + s * 100 + k;
            return { id: crypto.randomUUID(), type: i % 3 ? 'BulkNoted' : 'BulkFlagged', version: 1, data: { i }, metadata: metadata(i) };
          }),
        })),
      );
    }
    // Backward from the newest page to the oldest.
    const seen: number[] = [];
    let cursor: number | null = null;
    let pages = 0;
    do {
      const result: EventPage = await page(`category=bulk&limit=200${cursor === null ? '' : `&before=${cursor}`}`);
      seen.push(...result.events.map((event) => (event.data as { i: number }).i));
      cursor = result.older;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(50);
    expect(seen).toEqual(Array.from({ length: 10_000 }, (_, i) => 9_999 - i));
    expect(new Set(seen).size).toBe(10_000);
    // Forward again from the oldest page: the same events in the opposite order.
    const forward: number[] = [];
    let after: number | null = 0;
    while (after !== null) {
      const result: EventPage = await page(`category=bulk&limit=200&after=${after}`);
      forward.unshift(...result.events.map((event) => (event.data as { i: number }).i));
      after = result.newer;
    }
    expect(forward).toEqual(seen);

    const combined = await page(
      `category=bulk&type=BulkFlagged&actor=odd&from=${encodeURIComponent(new Date(Date.UTC(2026, 0, 1) + 3000 * 1000).toISOString())}&to=${encodeURIComponent(new Date(Date.UTC(2026, 0, 1) + 3100 * 1000).toISOString())}&limit=200`,
    );
    const expected = Array.from({ length: 100 }, (_, k) => 3000 + k)
      .filter((i) => i % 3 === 0 && i % 2 === 1)
      .reverse();
    expect(combined.events.map((event) => (event.data as { i: number }).i)).toEqual(expected);
    expect(combined.events.every((event) => event.type === 'BulkFlagged' && event.actor.id === 'odd')).toBe(true);
  });

  it('reads a category that is one stream by itself (system) as that stream', async () => {
    const system = await page('category=system');
    expect(system.events.map((event) => [event.stream, event.type])).toContainEqual(['system', 'SuperAdminAssigned']);
    expect(system.events.every((event) => event.stream === 'system')).toBe(true);
    expect((await page('category=system&stream=user-1')).events).toEqual([]);
  });

  it('never shows a secret: hashes, key material, encrypted settings, session ids, visitor hashes', async () => {
    const password = 'history secret pass';
    const eve = await signUp(t.app, 'eve-secrets@example.com', password);
    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: eve.headers })).json<{ api_key: string }>().api_key;
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: eve.headers });
    await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: 'eve-secrets@example.com' } });
    const twitter = {
      provider: 'twitter',
      client_id: 'tw',
      client_secret: 'tw-client-secret-value',
      redirect_uri: 'http://localhost/auth/callback',
      scope: 'users.read',
      auth_url: 'https://twitter.com/i/oauth2/authorize',
    };
    const oauth = await t.app.inject({ method: 'POST', url: '/api/admin/oauth-config', headers: admin.headers, payload: twitter });
    expect(oauth.statusCode, oauth.body).toBe(200);
    const mail = {
      smtp_server: 'smtp.example.com',
      smtp_username: 'mailer',
      smtp_password: 'smtp-password-value',
      sendgrid_api_key: 'SG.sendgrid-key-value',
      sendgrid_from_email: 'noreply@example.com',
    };
    const configured = await t.app.inject({ method: 'POST', url: '/api/admin/email-config', headers: admin.headers, payload: mail });
    expect(configured.statusCode, configured.body).toBe(200);
    const link = (
      await t.app.inject({ method: 'POST', url: '/api/urls', headers: admin.headers, payload: { original_url: 'https://example.com/secret-test' } })
    ).json<{ id: number; short_code: string }>();
    const agent = 'Mozilla/5.0 (X11; Linux x86_64) SecretAgent/1.0';
    expect((await t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': agent } })).statusCode).toBe(302);

    // Every secret value the log holds, read straight from the store.
    const raw = await t.platform.events.readAll({ limit: 100_000 });
    const secrets = new Set<string>([password, key, twitter.client_secret, mail.smtp_password, mail.sendgrid_api_key, agent]);
    const collect = (value: unknown, field = ''): void => {
      if (typeof value === 'string' && /hash|encrypted|jti/i.test(field) && value.length >= 8) secrets.add(value);
      else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) collect(v, k);
    };
    for (const event of raw) collect(event.data);
    expect([...secrets].some((secret) => secret.startsWith('scrypt') || /^[0-9a-f]{64}$/.test(secret))).toBe(true);

    const bodies: string[] = [];
    let cursor: number | null = null;
    do {
      const query: string = cursor === null ? '' : `&before=${cursor}`;
      const body: string = (await t.app.inject({ url: `/api/admin/events?include_clicks=true&limit=200${query}`, headers: admin.headers })).body;
      bodies.push(body);
      cursor = (JSON.parse(body) as EventPage).older;
    } while (cursor !== null);
    for (const kind of ['user', 'subscription'])
      bodies.push((await t.app.inject({ url: `/api/admin/entities/${kind}/${eve.user.id}/timeline`, headers: admin.headers })).body);
    bodies.push((await t.app.inject({ url: `/api/admin/entities/user/${eve.user.id}/state`, headers: admin.headers })).body);
    const everything = bodies.join('\n');
    expect(everything).toContain('ApiKeyIssued');
    expect(everything).toContain('OAuthProviderConfigured');
    expect(everything).toContain('"type":"Clicked"');
    for (const secret of secrets) {
      const at = everything.indexOf(secret);
      expect(at, `a secret of ${secret.length} characters in ${everything.slice(Math.max(0, at - 300), at)}`).toBe(-1);
    }
    const click = JSON.parse(bodies[0]!).events.find((event: HistoryEvent) => event.type === 'Clicked') as HistoryEvent;
    expect(click.data).toEqual({
      link_id: link.id,
      owner_id: admin.user.id,
      link_version: 0,
      destination: 'https://example.com/secret-test',
      country: '',
      referrer: '',
      source: 'link',
    });
  });
});
