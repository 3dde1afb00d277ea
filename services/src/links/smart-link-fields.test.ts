import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOM_DOMAINS, LINKS, type LinkView } from '@linkledger/projections';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { givePlan } from '../testing/plans.ts';
import { CONTROL_REFUSALS } from './control-features.ts';

const NOW = new Date('2026-11-28T00:00:00.000Z');
const PASSWORD = 'open sesame 42';
const HOSTILE = '</title><script>alert("x")</script>&amp; "quotes" \u202e';

/** Every control at once, as the Create dialog or an API client sends them. */
const EVERY_CONTROL = {
  starts_at: '2026-12-01T00:00:00Z',
  expires_at: '2026-12-31T18:30:00+05:30',
  max_clicks: 100,
  expired_url: 'https://example.com/gone',
  password: PASSWORD,
  rules: [
    { url: 'https://apps.apple.com/app', conditions: { device: 'ios' } },
    { url: 'https://example.in/', conditions: { country: 'in', language: 'HI', query: { param: 'utm_source', value: 'sms' } } },
  ],
  variants: [
    { url: 'https://a.example/', weight: 30 },
    { url: 'https://b.example/', weight: 70 },
  ],
  og: { title: 'A card', description: 'Shared on social sites', image_url: 'https://cdn.example/card.png' },
};

/** The same controls as the link answers them: instants in UTC, the password as has_password only. */
const ANSWERED = {
  starts_at: '2026-12-01T00:00:00.000Z',
  expires_at: '2026-12-31T13:00:00.000Z',
  max_clicks: 100,
  expired_url: 'https://example.com/gone',
  has_password: true,
  rules: [
    { url: 'https://apps.apple.com/app', conditions: { device: 'ios' } },
    { url: 'https://example.in/', conditions: { country: 'IN', language: 'hi', query: { param: 'utm_source', value: 'sms' } } },
  ],
  variants: EVERY_CONTROL.variants,
  og: EVERY_CONTROL.og,
  expired: false,
};

describe('smart-link controls through the API', () => {
  let t: TestApp;
  let enterprise: Session;
  let pro: Session;
  let free: Session;
  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => NOW });
    enterprise = await signUp(t.app, 'smart-enterprise@example.com');
    pro = await signUp(t.app, 'smart-pro@example.com');
    free = await signUp(t.app, 'smart-free@example.com');
    await givePlan(t.platform, enterprise.user.id, 'enterprise');
    await givePlan(t.platform, pro.user.id, 'pro');
  });
  afterAll(async () => t.close());

  const create = (session: Session, payload: object, url = '/api/urls') => t.app.inject({ method: 'POST', url, headers: session.headers, payload });
  const patch = (session: Session, id: number, payload: object) => t.app.inject({ method: 'PATCH', url: `/api/urls/${id}`, headers: session.headers, payload });
  const linkEvents = async (id: number) => (await t.platform.events.readStream(`link-${id}`)).map((event) => ({ type: event.type, data: event.data }));
  const createdCount = async () => (await t.platform.events.readAll({ limit: 10_000, filter: { types: ['LinkCreated'] } })).length;

  it('creates a link with every control, answers and lists them, and records the password only as its slow hash', async () => {
    const response = await create(enterprise, { original_url: 'https://example.com/smart', ...EVERY_CONTROL });
    expect(response.statusCode, response.body).toBe(201);
    const link = response.json<{ id: number }>();
    expect(link).toMatchObject(ANSWERED);
    expect(response.body).not.toContain(PASSWORD);
    expect(response.body).not.toContain('password_hash');

    const one = await t.app.inject({ url: `/api/urls/${link.id}`, headers: enterprise.headers });
    expect(one.json()).toMatchObject(ANSWERED);
    const list = await t.app.inject({ url: '/api/urls', headers: enterprise.headers });
    expect(list.json<{ id: number }[]>().find((listed) => listed.id === link.id)).toMatchObject(ANSWERED);
    expect(list.body).not.toContain('password_hash');

    const [created] = (await linkEvents(link.id)).filter((event) => event.type === 'LinkCreated');
    expect(created?.data).toMatchObject({ max_clicks: 100, expires_at: ANSWERED.expires_at, password_hash: expect.stringMatching(/^scrypt\$/) });
    expect(JSON.stringify(created)).not.toContain(PASSWORD);
    const document = await t.platform.read.get<LinkView>(LINKS, link.id);
    expect(document).toMatchObject({ has_password: true });
    expect(Object.keys(document!)).not.toContain('password_hash');
  });

  it('edits controls, records only those that change, and removes the password with null or ""', async () => {
    const link = (await create(enterprise, { original_url: 'https://example.com/edit', password: PASSWORD, max_clicks: 5 })).json<{ id: number }>();
    const edited = await patch(enterprise, link.id, { max_clicks: 5, expires_at: '2027-01-01T00:00:00Z', rules: [], og: { title: 'Card' } });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      max_clicks: 5,
      expires_at: '2027-01-01T00:00:00.000Z',
      has_password: true,
      og: { title: 'Card', description: '', image_url: null },
    });
    const updates = (await linkEvents(link.id)).filter((event) => event.type === 'LinkUpdated');
    expect(updates.map((event) => event.data)).toEqual([
      { link_id: link.id, changes: { expires_at: '2027-01-01T00:00:00.000Z', og: { title: 'Card', description: '', image_url: null } } },
    ]);

    const removed = await patch(enterprise, link.id, { password: '' });
    expect(removed.json()).toMatchObject({ has_password: false });
    expect((await t.platform.read.get<LinkView>(LINKS, link.id))?.has_password).toBe(false);
    const again = await patch(enterprise, link.id, { password: 'another one' });
    expect(again.json()).toMatchObject({ has_password: true });
    expect((await patch(enterprise, link.id, { password: null })).json()).toMatchObject({ has_password: false });
    const passwordChanges = (await linkEvents(link.id)).flatMap((event) =>
      event.type === 'LinkUpdated' ? [(event.data as { changes: { password_hash?: string | null } }).changes.password_hash] : [],
    );
    expect(passwordChanges.slice(1)).toEqual([null, expect.stringMatching(/^scrypt\$/), null]);
  });

  it('keeps a password out of the Idempotency-Key fingerprint: a retry with the same key answers the first link', async () => {
    const send = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/urls',
        headers: { ...enterprise.headers, 'idempotency-key': 'smart-retry-1' },
        payload: { original_url: 'https://example.com/retried', password },
      });
    const first = await send(PASSWORD);
    expect(first.statusCode, first.body).toBe(201);
    const retry = await send('a guess at it');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json<{ id: number }>().id).toBe(first.json<{ id: number }>().id);
  });

  it('takes the controls in the public API too', async () => {
    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: enterprise.headers })).json<{ api_key: string }>()
      .api_key;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/urls/api',
      headers: { 'x-api-key': key },
      payload: { original_url: 'https://example.com/api-smart', ...EVERY_CONTROL },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ ...ANSWERED, created_via: 'api' });
  });

  it('refuses what the decider refuses with a 400 naming the field, and records nothing', async () => {
    const before = await createdCount();
    const past = await create(enterprise, { original_url: 'https://example.com/p', expires_at: '2026-11-27T00:00:00Z' });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ field: 'expires_at', detail: expect.stringContaining('Expires at is in the past') });
    const weights = await create(enterprise, {
      original_url: 'https://example.com/w',
      variants: [
        { url: 'https://a.example/', weight: 50 },
        { url: 'https://b.example/', weight: 49 },
      ],
    });
    expect(weights.json()).toMatchObject({ field: 'variants', detail: 'The weights in variants sum to 99; they must sum to 100' });
    const loop = await create(enterprise, { original_url: 'https://example.com/l', expired_url: 'http://localhost/abcdefg' });
    expect(loop.json()).toMatchObject({ field: 'expired_url', detail: expect.stringContaining('points back to a short link') });
    expect(await createdCount()).toBe(before);
  });

  it('refuses a rule address that is a short link on a verified custom domain, in an edit too', async () => {
    const domain = { id: '9001', owner_id: enterprise.user.id + 1000, domain: 'go.elsewhere.example', dns_verified: true };
    await t.platform.read.commit('custom-domain-under-test', [{ collection: CUSTOM_DOMAINS, id: domain.id, doc: domain }], 1);
    const link = (await create(enterprise, { original_url: 'https://example.com/target' })).json<{ id: number }>();
    const loops = await patch(enterprise, link.id, { rules: [{ url: 'https://GO.elsewhere.example./abc123', conditions: { device: 'ios' } }] });
    expect(loops.statusCode).toBe(400);
    expect(loops.json()).toMatchObject({ field: 'rules', detail: expect.stringContaining("Rule 1's url points back to a short link") });
    const page = await patch(enterprise, link.id, { rules: [{ url: 'https://go.elsewhere.example/pricing', conditions: { device: 'ios' } }] });
    expect(page.statusCode, page.body).toBe(200);
  });

  it('refuses unknown condition keys with a 400 that names them', async () => {
    const response = await create(enterprise, {
      original_url: 'https://example.com/unknown',
      rules: [{ url: 'https://example.com/r', conditions: { device: 'ios', planet: 'mars', os: 'x' } }],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toContain('remove planet, os');
  });

  it('answers hostile text in a social card as the same JSON string', async () => {
    const response = await create(enterprise, { original_url: 'https://example.com/og', og: { title: HOSTILE, description: HOSTILE } });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json<{ id: number }>();
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.json()).toMatchObject({ og: { title: HOSTILE.trim(), description: HOSTILE.trim() } });
    expect((await t.app.inject({ url: `/api/urls/${id}`, headers: enterprise.headers })).json().og.title).toBe(HOSTILE.trim());
  });

  it.each([
    ['link_expiration', { max_clicks: 10 }],
    ['link_expiration', { expired_url: 'https://example.com/after' }],
    ['password_protection', { password: PASSWORD }],
    ['mobile_redirect', { rules: [{ url: 'https://example.com/m', conditions: { device: 'android' } }] }],
    ['advanced_url_editing', { rules: [{ url: 'https://example.com/c', conditions: { country: 'IN' } }] }],
    [
      'ab_testing',
      {
        variants: [
          { url: 'https://a.example/', weight: 50 },
          { url: 'https://b.example/', weight: 50 },
        ],
      },
    ],
    ['social_sharing', { og: { title: 'Card' } }],
  ] as const)('refuses %s on Free with its upgrade text, creating and editing, and records nothing', async (feature, controls) => {
    const before = await createdCount();
    const refused = await create(free, { original_url: 'https://example.com/free', ...controls });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: CONTROL_REFUSALS[feature] });
    expect(refused.json().detail).toMatch(/Upgrade your plan/);
    expect(await createdCount()).toBe(before);

    const plain = (await create(free, { original_url: 'https://example.com/plain' })).json<{ id: number }>();
    const edit = await patch(free, plain.id, controls);
    expect(edit.statusCode).toBe(403);
    expect(edit.json()).toEqual({ detail: CONTROL_REFUSALS[feature] });
    expect((await linkEvents(plain.id)).map((event) => event.type)).not.toContain('LinkUpdated');
  });

  it('lets Pro set device rules but not country rules or a split, and lets anyone clear a control', async () => {
    const device = await create(pro, { original_url: 'https://example.com/pro', rules: [{ url: 'https://example.com/i', conditions: { device: 'ios' } }] });
    expect(device.statusCode, device.body).toBe(201);
    const country = await create(pro, {
      original_url: 'https://example.com/pro',
      rules: [{ url: 'https://example.com/i', conditions: { device: 'ios', country: 'IN' } }],
    });
    expect(country.json()).toEqual({ detail: CONTROL_REFUSALS.advanced_url_editing });

    // Sending back what the link has is no new use of a feature; clearing is allowed on any plan.
    const link = device.json<{ id: number; rules: unknown[] }>();
    await givePlan(t.platform, pro.user.id, 'free');
    expect((await patch(pro, link.id, { title: 'Kept', rules: link.rules })).statusCode).toBe(200);
    const cleared = await patch(pro, link.id, { rules: [], password: null, og: null, variants: [], expires_at: null });
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json()).toMatchObject({ rules: [], has_password: false });
  });

  it('judges an edit against the link as its log has it, not a read model that is behind: a cleared control sent again is new', async () => {
    const lapsed = await signUp(t.app, 'smart-lapsed@example.com');
    await givePlan(t.platform, lapsed.user.id, 'enterprise');
    const everyButPassword: Partial<typeof EVERY_CONTROL> = { ...EVERY_CONTROL };
    delete everyButPassword.password;
    const link = (await create(lapsed, { original_url: 'https://example.com/lapsed', ...everyButPassword })).json<{ id: number }>();
    const shown = await t.platform.read.get<LinkView>(LINKS, link.id);
    await givePlan(t.platform, lapsed.user.id, 'free');
    // Every control sent back as the link has it is still no new use of a feature.
    const kept = await patch(lapsed, link.id, { ...everyButPassword, title: 'Kept' });
    expect(kept.statusCode, kept.body).toBe(200);
    expect((await patch(lapsed, link.id, { variants: [] })).statusCode).toBe(200);
    // The read model has not caught up with the clearing yet: it still shows the split.
    await t.platform.read.commit('links-behind-under-test', [{ collection: LINKS, id: String(link.id), doc: shown }], 1);

    const again = await patch(lapsed, link.id, { variants: EVERY_CONTROL.variants });
    expect(again.statusCode).toBe(403);
    expect(again.json()).toEqual({ detail: CONTROL_REFUSALS.ab_testing });
    const updates = (await linkEvents(link.id)).filter((event) => event.type === 'LinkUpdated');
    expect(updates.map((event) => event.data)).toEqual([
      { link_id: link.id, changes: { title: 'Kept' } },
      { link_id: link.id, changes: { variants: [] } },
    ]);
  });

  it('promotes a variant: it becomes the destination, the split ends, and LinkVariantPromoted is recorded', async () => {
    const link = (await create(enterprise, { original_url: 'https://example.com/ab', variants: EVERY_CONTROL.variants })).json<{ id: number }>();
    const promote = (variant: unknown, session = enterprise) =>
      t.app.inject({ method: 'POST', url: `/api/urls/${link.id}/promote-variant`, headers: session.headers, payload: { variant } });
    expect((await promote(3)).json()).toMatchObject({ field: 'variant' });
    expect((await promote(0)).statusCode).toBe(400);
    expect((await promote(2, free)).statusCode).toBe(404);

    const promoted = await promote(2);
    expect(promoted.statusCode, promoted.body).toBe(200);
    expect(promoted.json()).toMatchObject({ original_url: 'https://b.example/', variants: [] });
    expect((await t.app.inject({ url: `/api/urls/${link.id}`, headers: enterprise.headers })).json()).toMatchObject({
      original_url: 'https://b.example/',
      variants: [],
    });
    expect((await linkEvents(link.id)).at(-1)).toEqual({
      type: 'LinkVariantPromoted',
      data: { link_id: link.id, variant: 2, original_url: 'https://b.example/' },
    });
    expect((await promote(1)).statusCode).toBe(409);
  });
});

/** A lone API process with no projector: the 202 answers carry the controls too. */
describe('smart-link controls while the read model is behind', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-'));
  let api: TestApp;
  let owner: Session;
  let existingId: number;
  beforeAll(async () => {
    const writer = await startTestApp({}, { dataDir, clock: () => NOW });
    owner = await signUp(writer.app, 'smart-behind@example.com');
    await givePlan(writer.platform, owner.user.id, 'enterprise');
    existingId = (
      await writer.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url: 'https://example.com/existing' } })
    ).json<{ id: number }>().id;
    await writer.close();
    api = await startTestApp({ ROLE: 'api', READ_YOUR_WRITES_MS: '100' }, { dataDir, clock: () => NOW });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('answers a creation and an edit with their controls, never the password', async () => {
    const created = await api.app.inject({
      method: 'POST',
      url: '/api/urls',
      headers: owner.headers,
      payload: { original_url: 'https://example.com/behind', ...EVERY_CONTROL },
    });
    expect(created.statusCode, created.body).toBe(202);
    expect(created.json()).toMatchObject({ still_processing: true, ...ANSWERED });
    expect(created.body).not.toContain('password_hash');

    const edited = await api.app.inject({
      method: 'PATCH',
      url: `/api/urls/${existingId}`,
      headers: owner.headers,
      payload: { password: PASSWORD, max_clicks: 7 },
    });
    expect(edited.statusCode, edited.body).toBe(202);
    expect(edited.json()).toMatchObject({ still_processing: true, has_password: true, max_clicks: 7 });
    expect(edited.body).not.toContain('password_hash');
  });
});
