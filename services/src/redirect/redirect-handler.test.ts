import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { EventStore } from '@linkledger/contracts';
import type { LinkState } from '../links/link-state.ts';
import { DailySalts } from './daily-salts.ts';
import type { LinkCache } from './link-cache.ts';
import { createRedirectHandler } from './redirect-handler.ts';
import { LinkPasswords } from './link-password.ts';
import { DomainHosts } from './domain-hosts.ts';
import { aLink } from '../testing/links.ts';

const link: LinkState = aLink();

/** The redirect front on a real server, with the parts a test wants to break. */
async function front(parts: { cache: Partial<LinkCache>; events?: Partial<EventStore>; salts?: DailySalts }) {
  const errors: unknown[] = [];
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-front-'));
  const redirect = createRedirectHandler({
    events: (parts.events ?? { append: async () => ({ position: 1, revisions: [0] }) }) as EventStore,
    cache: { domains: new DomainHosts(), ...parts.cache } as LinkCache,
    salts: parts.salts ?? new DailySalts(join(dir, 'salts')),
    trustProxy: null,
    clock: () => new Date(),
    passwords: new LinkPasswords('test secret', () => Date.now()),
    onError: (error) => errors.push(error),
  });
  const server = createServer((request, response) =>
    redirect.front(request, response, () => {
      response.writeHead(404);
      response.end('app');
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, errors, dir };
}

describe('the redirect front contains its own failures', () => {
  let running: { server: Server; dir: string } | undefined;
  afterEach(async () => {
    running?.server.close();
    if (running) rmSync(running.dir, { recursive: true, force: true });
  });

  it('answers 500 and logs when a lookup throws synchronously, then goes on serving', async () => {
    let calls = 0;
    const f = await front({
      cache: {
        peek: () => {
          calls += 1;
          if (calls === 1) throw new Error('cache exploded');
          return link;
        },
      },
    });
    running = f;
    const broken = await fetch(`${f.base}/abc123`, { redirect: 'manual' });
    expect(broken.status).toBe(500);
    expect(await broken.text()).toMatch(/Something went wrong on our side/);
    expect(f.errors.map(String)).toEqual(['Error: cache exploded']);
    const next = await fetch(`${f.base}/abc123`, { redirect: 'manual' });
    expect([next.status, next.headers.get('location')]).toEqual([302, 'https://example.com/']);
  });

  it('answers 500 and logs when Node refuses the Location header (a destination no event should hold), on GET and HEAD', async () => {
    const unsafe = aLink({ destination: 'https://例え.jp/\r\nSet-Cookie: x=1' });
    const f = await front({ cache: { peek: () => unsafe } });
    running = f;
    for (const method of ['GET', 'HEAD']) {
      const answer = await fetch(`${f.base}/abc123`, { method, redirect: 'manual' });
      expect(answer.status, method).toBe(500);
      expect(answer.headers.get('set-cookie')).toBeNull();
    }
    expect(f.errors).toHaveLength(2);
    expect(String(f.errors[0])).toMatch(/Invalid character in header content/);
  });

  it('answers 503 without a redirect when the click cannot be made durable', async () => {
    const f = await front({ cache: { peek: () => link }, events: { append: async () => Promise.reject(new Error('disk full')) } });
    running = f;
    const answer = await fetch(`${f.base}/abc123`, { redirect: 'manual' });
    expect([answer.status, answer.headers.get('location')]).toEqual([503, null]);
    expect(f.errors.map(String)).toEqual(['Error: disk full']);
  });

  it("answers 503, not 500, when the day's salt cannot be written (a full disk), and redirects once it can", async () => {
    let full = true;
    const f = await front({
      cache: { peek: () => link },
      salts: {
        saltFor: () => {
          if (full) throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
          return Buffer.alloc(32, 7);
        },
      } as unknown as DailySalts,
    });
    running = f;
    const refused = await fetch(`${f.base}/abc123`, { redirect: 'manual' });
    expect([refused.status, refused.headers.get('retry-after'), refused.headers.get('location')]).toEqual([503, '1', null]);
    expect(await refused.text()).toMatch(/temporarily unavailable/);
    full = false;
    const next = await fetch(`${f.base}/abc123`, { redirect: 'manual' });
    expect([next.status, next.headers.get('location')]).toEqual([302, 'https://example.com/']);
  });
});
