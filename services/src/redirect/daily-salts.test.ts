import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signUp, startTestApp } from '../testing/test-app.ts';
import { DailySalts } from './daily-salts.ts';
import { VisitorHasher } from './visitor.ts';

const folder = () => join(mkdtempSync(join(tmpdir(), 'linkledger-salts-')), 'visitor-salts');

describe('daily visitor salts', () => {
  const folders: string[] = [];
  afterAll(() => folders.forEach((dir) => rmSync(join(dir, '..'), { recursive: true, force: true })));
  const newFolder = () => {
    const dir = folder();
    folders.push(dir);
    return dir;
  };

  it('are random (not derived from anything), shared by every process on the directory, and private to the service user', () => {
    const dir = newFolder();
    const [first, second] = [new DailySalts(dir), new DailySalts(dir)];
    const salt = first.saltFor('2026-11-23');
    expect(salt).toHaveLength(32);
    expect(second.saltFor('2026-11-23').equals(salt)).toBe(true);
    expect(new DailySalts(newFolder()).saltFor('2026-11-23').equals(salt)).toBe(false);
    expect(statSync(join(dir, '2026-11-23.salt')).mode & 0o777).toBe(0o600);
    expect(readdirSync(dir)).toEqual(['2026-11-23.salt']);
  });

  it('destroy the salts of earlier days when a day begins, so their hashes cannot be traced back', () => {
    const dir = newFolder();
    const salts = new DailySalts(dir);
    const monday = salts.saltFor('2026-11-23');
    expect(salts.kept()).toEqual(['2026-11-23']);
    const tuesday = salts.saltFor('2026-11-24');
    expect(tuesday.equals(monday)).toBe(false);
    expect(salts.kept()).toEqual(['2026-11-24']);
    // A process started later that day gets Tuesday's salt, and Monday's is gone for good.
    expect(new DailySalts(dir).saltFor('2026-11-24').equals(tuesday)).toBe(true);
    expect(readdirSync(dir)).toEqual(['2026-11-24.salt']);
  });

  it('hash one visitor alike all day across instances, and differently the next day', () => {
    const dir = newFolder();
    const at = new Date('2026-11-23T08:00:00Z');
    const hash = new VisitorHasher(new DailySalts(dir)).hash('203.0.113.7', 'Firefox', at);
    expect(new VisitorHasher(new DailySalts(dir)).hash('203.0.113.7', 'Firefox', new Date('2026-11-23T23:59:59Z'))).toBe(hash);
    expect(new VisitorHasher(new DailySalts(dir)).hash('203.0.113.7', 'Firefox', new Date('2026-11-24T00:00:00Z'))).not.toBe(hash);
    expect(hash).not.toContain('203.0.113.7');
  });

  it('remember today’s hashes in one instance without mixing visitors, and forget them with the day', () => {
    const dir = newFolder();
    const hasher = new VisitorHasher(new DailySalts(dir));
    const fresh = (ip: string, ua: string, at: string) => new VisitorHasher(new DailySalts(dir)).hash(ip, ua, new Date(at));
    const morning = '2026-11-23T08:00:00Z';
    const a = hasher.hash('203.0.113.7', 'Firefox', new Date(morning));
    expect(hasher.hash('203.0.113.7', 'Firefox', new Date('2026-11-23T20:00:00Z'))).toBe(a);
    // Another address with the same browser, and the same address with another browser, are other visitors.
    expect(hasher.hash('203.0.113.8', 'Firefox', new Date(morning))).toBe(fresh('203.0.113.8', 'Firefox', morning));
    expect(hasher.hash('203.0.113.7', 'Chrome', new Date(morning))).toBe(fresh('203.0.113.7', 'Chrome', morning));
    expect(new Set([a, hasher.hash('203.0.113.8', 'Firefox', new Date(morning)), hasher.hash('203.0.113.7', 'Chrome', new Date(morning))]).size).toBe(3);
    // Past midnight UTC the same instance hashes with the next day's salt.
    const next = hasher.hash('203.0.113.7', 'Firefox', new Date('2026-11-24T00:00:00Z'));
    expect(next).not.toBe(a);
    expect(next).toBe(fresh('203.0.113.7', 'Firefox', '2026-11-24T00:00:01Z'));
  });

  it('keep unique visitors exact across a restart within the day', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-restart-'));
    const now = new Date('2026-11-23T10:00:00.000Z');
    const visit = (t: Awaited<ReturnType<typeof startTestApp>>, code: string) =>
      t.app.inject({ url: `/${code}`, headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0', 'x-forwarded-for': '203.0.113.7' } });
    let t = await startTestApp({ TRUST_PROXY: '1' }, { dataDir, clock: () => now });
    const { headers } = await signUp(t.app, 'ada@example.com');
    const link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/' } })).json<{
      id: number;
      short_code: string;
    }>();
    expect((await visit(t, link.short_code)).statusCode).toBe(302);
    await t.close();
    t = await startTestApp({ TRUST_PROXY: '1' }, { dataDir, clock: () => now });
    try {
      expect((await visit(t, link.short_code)).statusCode).toBe(302);
      await projectorsCaughtUp(t.platform);
      const analytics = (await t.app.inject({ url: `/api/urls/${link.id}/analytics`, headers })).json();
      expect(analytics).toMatchObject({ total_clicks: 2, unique_visitors: 1 });
    } finally {
      await t.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
