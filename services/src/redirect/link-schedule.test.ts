import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINKS, type LinkView } from '@linkledger/projections';
import { recordLinkEvent, setLinkControls } from '../testing/link-controls.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HOUR = 3_600_000;

describe('a link with a schedule, on an injected clock', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  const clock = { now: Date.parse('2026-11-28T10:00:00.000Z') };
  const iso = (offset: number) => new Date(clock.now + offset).toISOString();

  beforeAll(async () => {
    t = await startTestApp({}, { clock: () => new Date(clock.now) });
    headers = (await signUp(t.app, 'schedule@example.com')).headers;
  });
  afterAll(async () => t.close());

  const newLink = async () => {
    const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/sale' } });
    return created.json<{ id: number; short_code: string }>();
  };
  const visit = (code: string, method: 'GET' | 'HEAD' = 'GET') => t.app.inject({ method, url: `/${code}`, headers: { 'user-agent': CHROME } });
  const clicks = async (id: number) => (await t.platform.events.readStream(`clicks-${id}`)).length;
  const expiries = async (id: number) => (await t.platform.events.readStream(`link-${id}`)).filter((event) => event.type === 'LinkExpired');

  it('answers "not active yet" (404) before the start, redirects while active, "expired" (410) from the expiry; only the redirect is a click', async () => {
    const link = await newLink();
    await setLinkControls(t.platform, link.id, { starts_at: iso(HOUR), expires_at: iso(2 * HOUR) });

    const early = await visit(link.short_code);
    expect(early.statusCode).toBe(404);
    expect(early.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(early.headers['cache-control']).toBe('no-store');
    expect(early.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(early.headers.location).toBeUndefined();
    expect(early.body).toContain('<h1>This link is not active yet</h1>');
    expect(early.body).toContain('<html lang="en">');
    expect(early.body).not.toContain('example.com/sale');
    expect((await visit(link.short_code, 'HEAD')).statusCode).toBe(404);

    clock.now += HOUR;
    const active = await visit(link.short_code);
    expect(active.statusCode).toBe(302);
    expect(active.headers.location).toBe('https://example.com/sale');

    clock.now += HOUR;
    const late = await visit(link.short_code);
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('<h1>This link has expired</h1>');
    expect(late.body).not.toContain('example.com/sale');
    expect(await clicks(link.id)).toBe(1);
  });

  it('sends visits before the start and after the expiry to the expired_url, recording no click of the link', async () => {
    const link = await newLink();
    await setLinkControls(t.platform, link.id, { starts_at: iso(HOUR), expires_at: iso(2 * HOUR), expired_url: 'https://example.org/over' });
    const early = await visit(link.short_code);
    expect([early.statusCode, early.headers.location, early.headers['cache-control']]).toEqual([302, 'https://example.org/over', 'no-store']);
    clock.now += 2 * HOUR;
    const late = await visit(link.short_code);
    expect([late.statusCode, late.headers.location]).toEqual([302, 'https://example.org/over']);
    expect(await clicks(link.id)).toBe(0);
  });

  it('puts a hostile expired_url in the Location header only header-safe, and never one that is not a web address', async () => {
    const link = await newLink();
    await setLinkControls(t.platform, link.id, { expires_at: iso(-1), expired_url: 'https://evil.example/a b\r\nSet-Cookie: owned=1\u2028ü' });
    const answer = await visit(link.short_code);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['set-cookie']).toBeUndefined();
    // The URL parser drops the line break; what is left outside printable ASCII is percent-encoded.
    expect(answer.headers.location).toBe('https://evil.example/a%20bSet-Cookie:%20owned=1%E2%80%A8%C3%BC');

    const scripted = await newLink();
    await setLinkControls(t.platform, scripted.id, { expires_at: iso(-1), expired_url: 'javascript:alert(document.cookie)' });
    const page = await visit(scripted.short_code);
    expect(page.statusCode).toBe(410);
    expect(page.headers.location).toBeUndefined();
    expect(page.body).not.toContain('javascript');
  });

  it('records LinkExpired exactly once when the scheduler finds the expiry passed, and again only after an edit re-armed the link', async () => {
    const link = await newLink();
    await setLinkControls(t.platform, link.id, { expires_at: iso(HOUR) });
    const scheduler = t.platform.linkExpiryScheduler!;
    await scheduler.tick();
    expect(await expiries(link.id)).toHaveLength(0);

    clock.now += HOUR;
    await Promise.all([scheduler.tick(), scheduler.tick()]);
    await scheduler.tick();
    const recorded = await expiries(link.id);
    expect(recorded.map((event) => event.data)).toEqual([{ link_id: link.id, reason: 'expires_at' }]);
    expect(recorded[0]!.metadata.actor).toEqual({ kind: 'system', id: 'link-expiry' });
    await t.platform.readModel.waitFor(recorded[0]!.position, 5_000);
    const view = await t.platform.read.get<LinkView>(LINKS, link.id);
    expect([view?.expired, view?.expiry_due]).toEqual([true, null]);
    await scheduler.tick();
    expect(await expiries(link.id)).toHaveLength(1);

    // Extended by an edit: active again, and expired (once more) only when the new time passes.
    await setLinkControls(t.platform, link.id, { expires_at: iso(HOUR) });
    expect((await visit(link.short_code)).statusCode).toBe(302);
    await scheduler.tick();
    expect(await expiries(link.id)).toHaveLength(1);
    clock.now += HOUR;
    await scheduler.tick();
    expect(await expiries(link.id)).toHaveLength(2);
    expect((await visit(link.short_code)).statusCode).toBe(410);
  });

  it('keeps projecting past an expiry time that does not parse (written before validation), and serves such a link', async () => {
    const link = await newLink();
    const position = await setLinkControls(t.platform, link.id, { expires_at: 'next tuesday' });
    expect(await t.platform.readModel.waitFor(position, 5_000)).toBe(true);
    expect((await t.platform.read.get<LinkView>(LINKS, link.id))?.expiry_due).toBeNull();
    expect((await visit(link.short_code)).statusCode).toBe(302);
  });

  it('reads a cached link again after LinkExpired and LinkVariantPromoted', async () => {
    const capped = await newLink();
    await setLinkControls(t.platform, capped.id, { max_clicks: 100 });
    expect((await visit(capped.short_code)).statusCode).toBe(302);
    await recordLinkEvent(t.platform, capped.id, { type: 'LinkExpired', data: { link_id: capped.id, reason: 'max_clicks' } });
    expect((await visit(capped.short_code)).statusCode).toBe(410);

    const split = await newLink();
    const variants = [
      { url: 'https://example.com/a', weight: 50 },
      { url: 'https://example.com/b', weight: 50 },
    ];
    await setLinkControls(t.platform, split.id, { variants });
    await visit(split.short_code);
    await recordLinkEvent(t.platform, split.id, {
      type: 'LinkVariantPromoted',
      data: { link_id: split.id, variant: 2, original_url: 'https://example.com/b' },
    });
    expect((await visit(split.short_code)).headers.location).toBe('https://example.com/b');
  });
});
