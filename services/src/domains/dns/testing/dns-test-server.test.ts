import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../../../platform/dns-servers.ts';
import { startDnsTestServer, type DnsTestServer } from './dns-test-server.ts';

let server: DnsTestServer;
let resolver: ReturnType<typeof createResolver>;

beforeAll(async () => {
  server = await startDnsTestServer();
  resolver = createResolver([server.address], 1000);
});
afterAll(() => server.close());

/** The error code a lookup fails with, and how long it took to fail. */
async function failure(lookup: Promise<unknown>): Promise<{ code: unknown; ms: number }> {
  const started = Date.now();
  const error: unknown = await lookup.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  return { code: (error as { code?: unknown } | undefined)?.code, ms: Date.now() - started };
}

describe('startDnsTestServer', () => {
  it('listens on a loopback port given as DNS_SERVERS takes it', () => {
    expect(server.address).toMatch(/^127\.0\.0\.1:\d+$/);
  });

  it('answers the records set, whatever the case of the name or a trailing dot', async () => {
    server.set('Host.Example.', 'A', ['203.0.113.7', '203.0.113.8']);
    server.set('host.example', 'AAAA', ['2001:db8::7']);
    server.set('_txt.host.example', 'TXT', ['one', 'two']);
    expect((await resolver.resolve4('host.example')).sort()).toEqual(['203.0.113.7', '203.0.113.8']);
    expect(await resolver.resolve6('HOST.example')).toEqual(['2001:db8::7']);
    expect((await resolver.resolveTxt('_txt.host.example')).sort()).toEqual([['one'], ['two']]);
  });

  it('answers at once with NXDOMAIN for unknown names and an empty answer for missing types', async () => {
    server.set('a.only.example', 'A', ['203.0.113.7']);
    const unknown = await failure(resolver.resolve4('nobody.example'));
    const noAaaa = await failure(resolver.resolve6('a.only.example'));
    const emptyParent = await failure(resolver.resolve4('only.example'));
    expect([unknown.code, noAaaa.code, emptyParent.code]).toEqual(['ENOTFOUND', 'ENODATA', 'ENODATA']);
    expect(Math.max(unknown.ms, noAaaa.ms, emptyParent.ms)).toBeLessThan(500);
  });

  it('answers CNAME queries and follows the CNAME for other types', async () => {
    server.set('alias.example', 'CNAME', ['Real.Example.']);
    server.set('real.example', 'A', ['203.0.113.9']);
    expect(await resolver.resolveCname('alias.example')).toEqual(['real.example']);
    expect(await resolver.resolve4('alias.example')).toEqual(['203.0.113.9']);
  });

  it('sends a TXT value over 255 bytes as several strings, and answers too big for UDP over TCP', async () => {
    const values = Array.from({ length: 8 }, (_, index) => `${index}`.repeat(300));
    server.set('big.example', 'TXT', values);
    const answer = await resolver.resolveTxt('big.example');
    expect(answer.map((strings) => strings.map((string) => string.length))).toEqual(values.map(() => [255, 45]));
    expect(answer.map((strings) => strings.join('')).sort()).toEqual(values);
  });

  it('forgets records when they are set to [] or removed', async () => {
    server.set('gone.example', 'A', ['203.0.113.7']);
    server.set('gone.example', 'TXT', ['x']);
    server.set('gone.example', 'A', []);
    expect((await failure(resolver.resolve4('gone.example'))).code).toBe('ENODATA');
    server.remove('gone.example', 'TXT');
    expect((await failure(resolver.resolveTxt('gone.example'))).code).toBe('ENOTFOUND');
    server.set('gone.example', 'AAAA', ['2001:db8::1']);
    server.remove('GONE.example.');
    expect((await failure(resolver.resolve6('gone.example'))).code).toBe('ENOTFOUND');
  });

  it('refuses records DNS could not hold, when they are set', () => {
    expect(() => server.set('bad.example', 'A', ['2001:db8::1'])).toThrow(/"2001:db8::1" is not a valid A value for bad.example/);
    expect(() => server.set('bad.example', 'AAAA', ['203.0.113.7'])).toThrow(/not a valid AAAA value/);
    expect(() => server.set('bad.example', 'CNAME', ['a.example', 'b.example'])).toThrow(/only one CNAME/);
    server.set('mixed.example', 'A', ['203.0.113.7']);
    expect(() => server.set('mixed.example', 'CNAME', ['a.example'])).toThrow(/cannot have a CNAME and other records/);
  });

  it('closes, and closing twice is harmless', async () => {
    const other = await startDnsTestServer();
    await other.close();
    await other.close();
    const closed = createResolver([other.address], 200);
    expect((await failure(closed.resolve4('host.example'))).code).toBe('ECONNREFUSED');
  });
});
