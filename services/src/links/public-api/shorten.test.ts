import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKS, type LinkView } from '@linkledger/projections';
import { MonthlyLimitReached } from '../../billing/link-quota.ts';
import { conflict, forbidden, notFound } from '../../commands/domain-error.ts';
import { InvalidShortCode } from '../create-link.ts';
import { ShortCodeTaken } from '../link-deciders.ts';
import { signUp, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { cuttlyStatusOf } from './shorten.ts';

describe('cutt.ly-compatible GET /api/shorten', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp();
    const session = await signUp(t.app, 'cuttly@example.com');
    key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: session.headers })).json<{ api_key: string }>().api_key;
  });
  afterAll(async () => t.close());

  const shorten = async (query: Record<string, string>) => {
    const response = await t.app.inject({ url: '/api/shorten', query });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ url: { status: number; fullLink?: string; shortLink?: string; title?: string; date?: string } }>().url;
  };

  it('7: shortens, in cutt.ly’s shape, as an "api" link made by the key', async () => {
    const url = await shorten({ key, short: 'https://example.com/a very/long?path=1&x=2' });
    expect(url).toEqual({
      status: 7,
      // Stored in its WHATWG serialization: the space percent-encoded.
      fullLink: 'https://example.com/a%20very/long?path=1&x=2',
      shortLink: expect.stringMatching(/^http:\/\/localhost:80\/[A-Za-z0-9]+$/),
      title: '',
      date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const code = url.shortLink!.split('/').at(-1)!;
    const [link] = await t.platform.read.find<LinkView>(LINKS, { where: { short_code: code } });
    expect(link).toMatchObject({ created_via: 'api', original_url: 'https://example.com/a%20very/long?path=1&x=2' });
    expect(url.date).toBe(link!.created_at.slice(0, 10));
    const [created] = await t.platform.events.readStream(`link-${link!.id}`);
    expect(created!.metadata.actor.kind).toBe('api_key');
    expect(JSON.stringify(created!.metadata)).not.toContain(key);
  });

  it('7 with a name: the short code is the name', async () => {
    const url = await shorten({ key, short: 'https://example.com/named', name: 'my-name' });
    expect(url).toMatchObject({ status: 7, shortLink: 'http://localhost:80/my-name' });
  });

  it('4: a missing, wrong or regenerated key', async () => {
    expect(await shorten({ short: 'https://example.com/x' })).toEqual({ status: 4 });
    expect(await shorten({ key: 'll_wrong', short: 'https://example.com/x' })).toEqual({ status: 4 });
    const other = await signUp(t.app, 'cuttly-regen@example.com');
    const first = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: other.headers })).json().api_key;
    await t.app.inject({ method: 'POST', url: '/api/users/me/regenerate-api-key', headers: other.headers });
    expect(await shorten({ key: first, short: 'https://example.com/x' })).toEqual({ status: 4 });
  });

  it('2: not a web address', async () => {
    for (const short of ['', 'not a link', 'javascript:alert(1)', 'ftp://example.com/file', 'https://']) {
      expect(await shorten({ key, short }), short).toEqual({ status: 2 });
    }
    expect(await shorten({ key })).toEqual({ status: 2 });
  });

  it('3: the name is taken', async () => {
    expect((await shorten({ key, short: 'https://example.com/first', name: 'taken-name' })).status).toBe(7);
    expect(await shorten({ key, short: 'https://example.com/second', name: 'taken-name' })).toEqual({ status: 3 });
  });

  it('5: the name is not allowed (characters, length, reserved words)', async () => {
    for (const name of ['bad name', 'ab', 'emoji✓', 'api', 'a'.repeat(33)]) {
      expect(await shorten({ key, short: 'https://example.com/x', name }), name).toEqual({ status: 5 });
    }
  });

  it('1 and 6: a destination on this service’s own host: one of its short links, or anything else there (a redirect loop)', async () => {
    expect(await shorten({ key, short: 'http://localhost/my-name' })).toEqual({ status: 1 });
    expect(await shorten({ key, short: 'https://LOCALHOST:3000/dashboard' })).toEqual({ status: 6 });
    expect(await shorten({ key, short: 'http://localhost/no-such-code' })).toEqual({ status: 6 });
  });

  it('8: the plan’s monthly link limit is reached (free: 10), and nothing is written', async () => {
    const session = await signUp(t.app, 'cuttly-limit@example.com');
    const limitedKey = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: session.headers })).json().api_key;
    for (let i = 0; i < 10; i++) expect((await shorten({ key: limitedKey, short: `https://example.com/${i}` })).status).toBe(7);
    const before = await t.platform.events.headPosition();
    expect(await shorten({ key: limitedKey, short: 'https://example.com/eleventh' })).toEqual({ status: 8 });
    expect(await t.platform.events.headPosition()).toBe(before);
  });

  it('maps link-creation refusals to cutt.ly statuses, and leaves others as errors', () => {
    expect(cuttlyStatusOf(new ShortCodeTaken())).toEqual({ url: { status: 3 } });
    expect(cuttlyStatusOf(new InvalidShortCode('bad code'))).toEqual({ url: { status: 5 } });
    expect(cuttlyStatusOf(new MonthlyLimitReached({ kind: 'plan', planName: 'Free' }, 50))).toEqual({ url: { status: 8 } });
    // By kind, not by status: another conflict or refusal is not a cutt.ly status.
    expect(cuttlyStatusOf(conflict('changed meanwhile'))).toBeNull();
    expect(cuttlyStatusOf(forbidden('not yours'))).toBeNull();
    expect(cuttlyStatusOf(notFound('other'))).toBeNull();
  });
});
