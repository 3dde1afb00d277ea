import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { IDEMPOTENCY_KEY_LIFETIME_MS } from './idempotency.ts';
import { givePlan } from '../testing/plans.ts';

/**
 * A lone API process (ROLE=api) with no projector running anywhere: every write lands in the
 * log, and no read model ever includes it (issue: a 500 after the wait, and a duplicate on retry).
 */
describe('writes safe to retry, with no projector running', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-'));
  let now = new Date('2026-11-20T10:00:00Z');
  let api: TestApp;
  let alice: Session;
  let bob: Session;
  let existingId: number;
  let apiKey: string;
  beforeAll(async () => {
    const owner = await startTestApp({}, { dataDir });
    alice = await signUp(owner.app, 'alice@example.com');
    bob = await signUp(owner.app, 'bob@example.com');
    await givePlan(owner.platform, alice.user.id, 'pro');
    apiKey = (await owner.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: alice.headers })).json<{ api_key: string }>().api_key;
    existingId = (
      await owner.app.inject({ method: 'POST', url: '/api/urls', headers: alice.headers, payload: { original_url: 'https://before.example/' } })
    ).json<{ id: number }>().id;
    await owner.close();
    api = await startTestApp({ ROLE: 'api', READ_YOUR_WRITES_MS: '100' }, { dataDir, clock: () => now });
  });
  afterAll(async () => {
    await api.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const create = (session: Session, key: string | undefined, payload: object, url = '/api/urls') =>
    api.app.inject({ method: 'POST', url, headers: { ...session.headers, ...(key === undefined ? {} : { 'idempotency-key': key }) }, payload });
  const linksCreatedBy = async (session: Session) =>
    (await api.platform.events.readAll({ limit: 10_000, filter: { types: ['LinkCreated'] } })).filter(
      (event) => (event.data as { owner_id: number }).owner_id === session.user.id,
    ).length;

  it('answers 202 with the created link instead of a 500, and a retry with the same key answers the same and creates nothing', async () => {
    const before = await linksCreatedBy(alice);
    const first = await create(alice, 'retry-1', { original_url: 'https://retry.example/a', title: 'Retried' });
    expect(first.statusCode).toBe(202);
    const answer = first.json();
    expect(answer).toMatchObject({ still_processing: true, title: 'Retried', original_url: 'https://retry.example/a', created_via: 'manual' });
    expect(answer.id).toBeGreaterThan(existingId);
    expect(answer.short_url).toBe(`http://localhost:80/${answer.short_code}`);
    expect(answer.detail).toMatch(/still being processed/);

    const retry = await create(alice, 'retry-1', { title: 'Retried', original_url: 'https://retry.example/a' });
    expect(retry.statusCode).toBe(202);
    expect(retry.json()).toEqual(answer);
    expect(await linksCreatedBy(alice)).toBe(before + 1);
  });

  it('refuses the same key with another body, naming the header, and creates nothing', async () => {
    const before = await linksCreatedBy(alice);
    expect((await create(alice, 'retry-2', { original_url: 'https://retry.example/b' })).statusCode).toBe(202);
    const reused = await create(alice, 'retry-2', { original_url: 'https://retry.example/other' });
    expect(reused.statusCode).toBe(409);
    expect(reused.json().detail).toMatch(/Idempotency-Key/);
    const otherRoute = await create(alice, 'retry-2', { original_url: 'https://retry.example/b' }, '/api/urls/api');
    expect(otherRoute.statusCode).toBe(409);
    expect(await linksCreatedBy(alice)).toBe(before + 1);
  });

  it('keeps keys apart per caller: another account with the same key creates its own link', async () => {
    const payload = { original_url: 'https://retry.example/shared' };
    const mine = await create(alice, 'same-key', payload);
    const theirs = await create(bob, 'same-key', payload);
    expect([mine.statusCode, theirs.statusCode]).toEqual([202, 202]);
    expect(theirs.json().id).not.toBe(mine.json().id);
    expect(await linksCreatedBy(bob)).toBe(1);
  });

  it('creates again without a key, and after the key has expired (24 hours)', async () => {
    const payload = { original_url: 'https://retry.example/again' };
    const before = await linksCreatedBy(alice);
    await create(alice, undefined, payload);
    await create(alice, undefined, payload);
    expect(await linksCreatedBy(alice)).toBe(before + 2);
    const first = (await create(alice, 'expiring', payload)).json<{ id: number }>();
    now = new Date(now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS);
    const later = await create(alice, 'expiring', payload);
    expect(later.statusCode).toBe(202);
    expect(later.json<{ id: number }>().id).not.toBe(first.id);
    expect(await linksCreatedBy(alice)).toBe(before + 4);
  });

  it('refuses a key that is not 1 to 255 visible characters, naming the header', async () => {
    const response = await create(alice, 'x'.repeat(256), { original_url: 'https://retry.example/long' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toMatch(/Idempotency-Key/);
  });

  it('opens one support ticket for a retried request, answering 202 with its number both times', async () => {
    const open = (key: string, message: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/support/tickets',
        headers: { ...alice.headers, 'idempotency-key': key },
        payload: { subject: 'Help', message },
      });
    const tickets = async () => (await api.platform.events.readAll({ limit: 100, filter: { types: ['SupportTicketOpened'] } })).length;
    const first = await open('ticket-1', 'My link does not redirect');
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ detail: expect.stringMatching(/still being processed/), still_processing: true, id: expect.any(Number) });
    const retry = await open('ticket-1', 'My link does not redirect');
    expect([retry.statusCode, retry.json()]).toEqual([202, first.json()]);
    expect((await open('ticket-1', 'Something else')).statusCode).toBe(409);
    expect(await tickets()).toBe(1);
  });

  it('adds one custom domain for a retried request, answering 202 with its id both times', async () => {
    const add = () =>
      api.app.inject({
        method: 'POST',
        url: '/api/custom-domains',
        headers: { ...alice.headers, 'idempotency-key': 'domain-1' },
        payload: { domain: 'go.retry.in' },
      });
    const first = await add();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ detail: expect.stringMatching(/still being processed/), still_processing: true, id: expect.any(Number) });
    expect((await add()).json()).toEqual(first.json());
    expect(await api.platform.events.readAll({ limit: 100, filter: { types: ['CustomDomainAdded'] } })).toHaveLength(1);
  });

  it('adds one TRAI header for a retried request, answering 202 with its id both times', async () => {
    const add = () =>
      api.app.inject({
        method: 'POST',
        url: '/api/custom-domains/trai',
        headers: { ...alice.headers, 'idempotency-key': 'trai-1' },
        payload: { header: 'RETRY1', domain_type: 'our_domain', dlt_registration_id: '1101234567890123456' },
      });
    const first = await add();
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ detail: expect.stringMatching(/still being processed/), still_processing: true, id: expect.any(Number) });
    expect((await add()).json()).toEqual(first.json());
    expect(await api.platform.events.readAll({ limit: 100, filter: { types: ['TraiHeaderAdded'] } })).toHaveLength(1);
  });

  it('shortens through the cutt.ly-compatible API in its own shape, not a 500', async () => {
    const response = await api.app.inject({ url: '/api/shorten', query: { key: apiKey, short: 'https://retry.example/cuttly' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().url).toMatchObject({
      status: 7,
      fullLink: 'https://retry.example/cuttly',
      shortLink: expect.stringMatching(/^http:\/\/localhost:80\/[A-Za-z0-9]+$/),
      date: now.toISOString().slice(0, 10),
    });
  });

  it('answers an edit the read model has not caught up with 202, not 200 with the old data', async () => {
    const edited = await api.app.inject({ method: 'PATCH', url: `/api/urls/${existingId}`, headers: alice.headers, payload: { title: 'New title' } });
    expect(edited.statusCode).toBe(202);
    expect(edited.json()).toMatchObject({
      detail: expect.stringMatching(/still being processed/),
      still_processing: true,
      id: existingId,
      title: 'New title',
      original_url: 'https://before.example/',
    });
  });

  it('answers any other write the read model has not caught up with 202, not its usual answer', async () => {
    const deleted = await api.app.inject({ method: 'DELETE', url: `/api/urls/${existingId}`, headers: alice.headers });
    expect(deleted.statusCode).toBe(202);
    expect(deleted.json()).toEqual({ detail: expect.stringMatching(/still being processed/), still_processing: true });
  });
});

describe('a retry with the same Idempotency-Key while the projector runs', () => {
  let t: TestApp;
  let alice: Session;
  beforeAll(async () => {
    t = await startTestApp();
    alice = await signUp(t.app, 'alice@example.com');
  });
  afterAll(async () => t.close());

  it('answers the first answer: the same link, 201, created once', async () => {
    const request = {
      method: 'POST' as const,
      url: '/api/urls/api',
      headers: { ...alice.headers, 'idempotency-key': 'b7e1c0de' },
      payload: { original_url: 'https://retry.example/' },
    };
    const first = await t.app.inject(request);
    expect(first.statusCode).toBe(201);
    const retry = await t.app.inject(request);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await t.platform.events.readAll({ limit: 100, filter: { types: ['LinkCreated'] } })).toHaveLength(1);
    expect(await t.platform.events.readAll({ limit: 100, filter: { types: ['IdempotencyKeyClaimed'] } })).toHaveLength(1);
  });

  it('answers a retried support request or reply with the ticket, and records neither twice', async () => {
    const request = {
      method: 'POST' as const,
      url: '/api/support/tickets',
      headers: { ...alice.headers, 'idempotency-key': 'ticket-a' },
      payload: { subject: 'Help', message: 'Please' },
    };
    const first = await t.app.inject(request);
    expect(first.statusCode).toBe(201);
    const retry = await t.app.inject({ ...request, payload: { message: 'Please', priority: 'medium', subject: 'Help' } });
    expect(retry.statusCode).toBe(201);
    expect(retry.json().ticket).toEqual(first.json().ticket);
    expect(retry.json().message).toMatch(/same Idempotency-Key/);
    expect(await t.platform.events.readAll({ limit: 100, filter: { types: ['SupportTicketOpened'] } })).toHaveLength(1);

    const replyOnce = {
      method: 'POST' as const,
      url: `/api/support/tickets/${first.json().ticket.id}/replies`,
      headers: { ...alice.headers, 'idempotency-key': 'reply-a' },
      payload: { message: 'Any news?' },
    };
    const replied = await t.app.inject(replyOnce);
    expect(replied.statusCode).toBe(201);
    const again = await t.app.inject(replyOnce);
    expect([again.statusCode, again.json()]).toEqual([201, replied.json()]);
    expect(again.json().ticket.replies).toHaveLength(1);
  });

  it('answers a retried payment intent with the first order, and records one order', async () => {
    const request = {
      method: 'POST' as const,
      url: '/api/payment/create-intent',
      headers: { ...alice.headers, 'idempotency-key': 'order-1' },
      payload: { plan_type: 'pro', billing_cycle: 'monthly' },
    };
    const first = await t.app.inject(request);
    expect(first.statusCode).toBe(200);
    const retry = await t.app.inject(request);
    expect([retry.statusCode, retry.json()]).toEqual([200, first.json()]);
    expect(retry.json().prefill.email).toBe('alice@example.com');
    expect(await t.platform.events.readAll({ limit: 100, filter: { types: ['PaymentOrderCreated'] } })).toHaveLength(1);
    // The e-mail address of the prefill is not kept with the claim.
    const [claim] = await t.platform.events.readAll({ limit: 100, filter: { types: ['IdempotencyKeyClaimed'] }, direction: 'backward' });
    expect(JSON.stringify(claim!.data)).not.toContain('alice@');
    const otherPlan = await t.app.inject({ ...request, payload: { plan_type: 'pro', billing_cycle: 'yearly' } });
    expect(otherPlan.statusCode).toBe(409);
  });

  it('answers a retried custom domain or TRAI header with the one it added', async () => {
    await givePlan(t.platform, alice.user.id, 'pro');
    const request = {
      method: 'POST' as const,
      url: '/api/custom-domains',
      headers: { ...alice.headers, 'idempotency-key': 'domain-a' },
      payload: { domain: 'go.retried.in' },
    };
    const first = await t.app.inject(request);
    expect(first.statusCode).toBe(201);
    const retry = await t.app.inject(request);
    expect([retry.statusCode, retry.json()]).toEqual([201, first.json()]);
    expect(await t.platform.events.readAll({ limit: 100, filter: { types: ['CustomDomainAdded'] } })).toHaveLength(1);

    const header = {
      ...request,
      url: '/api/custom-domains/trai',
      headers: { ...alice.headers, 'idempotency-key': 'trai-a' },
      payload: { header: 'RETRYA', domain_type: 'our_domain' },
    };
    const added = await t.app.inject(header);
    expect(added.statusCode).toBe(201);
    expect((await t.app.inject(header)).json()).toEqual(added.json());
    expect(await t.platform.events.readAll({ limit: 100, filter: { types: ['TraiHeaderAdded'] } })).toHaveLength(1);
  });

  it('documents the header and the 202 on both routes that create links', async () => {
    const paths = (await t.app.inject('/api/openapi.json')).json<{
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[]; responses: Record<string, unknown> }>>;
    }>().paths;
    for (const path of ['/api/urls', '/api/urls/api']) {
      const create = paths[path]!.post!;
      expect(create.parameters, path).toContainEqual(expect.objectContaining({ name: 'idempotency-key', in: 'header' }));
      expect(Object.keys(create.responses), path).toContain('202');
    }
  });
});
