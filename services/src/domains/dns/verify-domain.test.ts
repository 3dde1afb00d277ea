import { createSocket, type Socket } from 'node:dgram';
import { createUDPServer, Packet, type UDPServer } from 'dns2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createResolver } from '../../platform/dns-servers.ts';
import { startDnsTestServer, type DnsTestServer } from './testing/dns-test-server.ts';
import { dnsInstructions, verifyDomain, type DomainTarget } from './verify-domain.ts';

const TOKEN = 'll-verify-6f1c2a9e4b7d';
const TARGET: DomainTarget = { ips: ['203.0.113.7', '2001:db8::7'], cname: 'go.linkledger.example' };

let server: DnsTestServer;
let resolver: ReturnType<typeof createResolver>;
let domainCount = 0;
/** Each test works on its own domain, so records set by one never reach another. */
const freshDomain = () => `links${++domainCount}.acme.in`;
const verifyName = (domain: string) => `_linkledger-verify.${domain}`;

beforeAll(async () => {
  server = await startDnsTestServer();
  resolver = createResolver([server.address], 1000);
});
afterAll(() => server.close());

describe('verifyDomain against a real DNS server', () => {
  it('reports a missing TXT record, naming the record and the token to put in it', async () => {
    const domain = freshDomain();
    const result = await verifyDomain(resolver, domain, TOKEN, TARGET);
    expect(result.fully_verified).toBe(false);
    expect(result.failed_checks).toEqual(['txt_missing', 'not_pointing']);
    expect(result.messages[0]).toBe(`No TXT record found at _linkledger-verify.${domain}. Add a TXT record with the value ${TOKEN}.`);
  });

  it('reports a TXT record with another value as a mismatch', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', ['ll-verify-somebody-else']);
    server.set(domain, 'A', ['203.0.113.7']);
    const result = await verifyDomain(resolver, domain, TOKEN, TARGET);
    expect(result.failed_checks).toEqual(['txt_mismatch']);
    expect(result.messages).toEqual([`The TXT record at _linkledger-verify.${domain} does not contain this domain’s token ${TOKEN}.`]);
  });

  it('passes the TXT check when one of several TXT values is the token', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', ['v=spf1 -all', TOKEN, 'google-site-verification=abc']);
    server.set(domain, 'A', ['203.0.113.7']);
    const result = await verifyDomain(resolver, domain, TOKEN, TARGET);
    expect(result).toMatchObject({ fully_verified: true, failed_checks: [], messages: [] });
  });

  it('joins a TXT record that DNS delivers as several strings', async () => {
    const domain = freshDomain();
    const longToken = `ll-${'a1b2c3d4'.repeat(40)}`; // 323 bytes: the server sends 255 + 68
    server.set(verifyName(domain), 'TXT', [longToken]);
    server.set(domain, 'A', ['203.0.113.7']);
    expect((await resolver.resolveTxt(verifyName(domain)))[0]).toHaveLength(2);
    expect((await verifyDomain(resolver, domain, longToken, TARGET)).fully_verified).toBe(true);
    expect((await verifyDomain(resolver, domain, longToken.slice(0, 255), TARGET)).failed_checks).toEqual(['txt_mismatch']);
  });

  it('reports a domain with the right TXT but no A, AAAA or CNAME as not pointing, offering every configured way', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', [TOKEN]);
    const result = await verifyDomain(resolver, domain, TOKEN, TARGET);
    expect(result.failed_checks).toEqual(['not_pointing']);
    expect(result.messages).toEqual([
      `${domain} does not point at this service: add an A record to 203.0.113.7, an AAAA record to 2001:db8::7 or a CNAME to go.linkledger.example.`,
    ]);
  });

  it('verifies a domain whose A record is a configured IP', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', [TOKEN]);
    server.set(domain, 'A', ['198.51.100.1', '203.0.113.7']);
    expect(await verifyDomain(resolver, domain, TOKEN, TARGET)).toMatchObject({ fully_verified: true, failed_checks: [], messages: [] });
  });

  it('verifies a domain whose AAAA record is a configured IPv6 address, however either is written', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', [TOKEN]);
    server.set(domain, 'AAAA', ['2001:0db8:0:0:0:0:0:0007']);
    const target = { ips: ['2001:DB8::7'], cname: null };
    expect((await verifyDomain(resolver, domain, TOKEN, target)).fully_verified).toBe(true);
  });

  it('verifies a domain whose CNAME is the configured target, ignoring case and a trailing dot', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', [TOKEN]);
    server.set(domain, 'CNAME', ['GO.LinkLedger.Example.']);
    expect((await verifyDomain(resolver, domain, TOKEN, TARGET)).fully_verified).toBe(true);
    expect((await verifyDomain(resolver, domain, TOKEN, { ips: [], cname: 'Go.LinkLedger.example.' })).fully_verified).toBe(true);
  });

  it('does not verify a domain pointing at another IP or another host', async () => {
    const a = freshDomain();
    server.set(verifyName(a), 'TXT', [TOKEN]);
    server.set(a, 'A', ['198.51.100.1']);
    expect((await verifyDomain(resolver, a, TOKEN, TARGET)).failed_checks).toEqual(['not_pointing']);

    const c = freshDomain();
    server.set(verifyName(c), 'TXT', [TOKEN]);
    server.set(c, 'CNAME', ['go.linkledger.example.evil.test']);
    expect((await verifyDomain(resolver, c, TOKEN, TARGET)).failed_checks).toEqual(['not_pointing']);
  });

  it('stops verifying a domain once its records are removed', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', [TOKEN]);
    server.set(domain, 'A', ['203.0.113.7']);
    expect((await verifyDomain(resolver, domain, TOKEN, TARGET)).fully_verified).toBe(true);

    server.remove(domain);
    expect((await verifyDomain(resolver, domain, TOKEN, TARGET)).failed_checks).toEqual(['not_pointing']);
    server.remove(verifyName(domain));
    expect((await verifyDomain(resolver, domain, TOKEN, TARGET)).failed_checks).toEqual(['txt_missing', 'not_pointing']);
  });

  it('offers only the configured ways of pointing, and says when none is configured', async () => {
    const domain = freshDomain();
    server.set(verifyName(domain), 'TXT', [TOKEN]);
    const onlyIp = await verifyDomain(resolver, domain, TOKEN, { ips: ['203.0.113.7', '203.0.113.8'], cname: null });
    expect(onlyIp.messages).toEqual([`${domain} does not point at this service: add an A record to one of 203.0.113.7, 203.0.113.8.`]);
    const onlyCname = await verifyDomain(resolver, domain, TOKEN, { ips: [], cname: 'go.linkledger.example' });
    expect(onlyCname.messages).toEqual([`${domain} does not point at this service: add a CNAME to go.linkledger.example.`]);

    server.set(domain, 'A', ['203.0.113.7']);
    const none = await verifyDomain(resolver, domain, TOKEN, { ips: [], cname: null });
    expect(none.failed_checks).toEqual(['not_pointing']);
    expect(none.messages[0]).toContain('DOMAIN_TARGET_IPS or DOMAIN_CNAME_TARGET');
  });

  it('never builds a query from something that is not a lower-case host name, nor accepts an empty token', async () => {
    for (const bad of ['Links.Acme.in', 'acme', 'a..b', '-x.acme.in', 'x.acme.in.', 'x.acme.in\n', `${'a'.repeat(63)}.`.repeat(4) + 'in']) {
      await expect(verifyDomain(resolver, bad, TOKEN, TARGET)).rejects.toThrow(/not a lower-case host name/);
    }
    await expect(verifyDomain(resolver, 'links.acme.in', '', TARGET)).rejects.toThrow(/token must not be empty/);
  });
});

describe('verifyDomain when DNS does not answer', () => {
  // A short timeout keeps the non-answering cases quick; c-ares still retries once.
  const verifyVia = (serverAddress: string) => verifyDomain(createResolver([serverAddress], 200), 'links.acme.in', TOKEN, TARGET);

  it('reports dns_unavailable for a server port nobody listens on (ECONNREFUSED), asking to try again', async () => {
    const result = await verifyVia(await closedUdpPort());
    expect(result).toMatchObject({ fully_verified: false, failed_checks: ['dns_unavailable'] });
    expect(result.messages).toEqual(['DNS could not be reached to check links.acme.in (ECONNREFUSED); please try again in a few minutes.']);
  });

  it('reports dns_unavailable for a server that never replies (ETIMEOUT)', async () => {
    const silent = await silentUdpServer();
    try {
      const result = await verifyVia(silent.address);
      expect(result.failed_checks).toEqual(['dns_unavailable']);
      expect(result.messages[0]).toContain('(ETIMEOUT); please try again');
    } finally {
      silent.socket.close();
    }
  });

  it('reports dns_unavailable, not a verdict, when only some lookups fail (SERVFAIL)', async () => {
    // TXT answers correctly; every address lookup fails, so pointing cannot be judged.
    const flaky = await scriptedServer((request, response) => {
      if (request.questions[0]?.type === Packet.TYPE.TXT) {
        response.answers.push(new Packet.Resource({ name: request.questions[0].name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 0, data: [TOKEN] }));
      } else {
        response.header.rcode = Packet.RCODE.SERVFAIL;
      }
    });
    try {
      const result = await verifyVia(flaky.address);
      expect(result.failed_checks).toEqual(['dns_unavailable']);
      expect(result.messages).toEqual(['DNS could not be reached to check links.acme.in (ESERVFAIL); please try again in a few minutes.']);
    } finally {
      flaky.server.close();
    }
  });
});

describe('dnsInstructions', () => {
  it('lists the TXT record, one A or AAAA per target IP, and the CNAME as an alternative, all with TTL 3600', () => {
    expect(dnsInstructions('links.acme.in', TOKEN, { ips: ['203.0.113.7', '2001:DB8::7'], cname: 'Go.LinkLedger.example.' })).toEqual({
      records: [
        { type: 'TXT', name: '_linkledger-verify.links.acme.in', value: TOKEN, ttl: 3600 },
        { type: 'A', name: 'links.acme.in', value: '203.0.113.7', ttl: 3600 },
        { type: 'AAAA', name: 'links.acme.in', value: '2001:db8::7', ttl: 3600 },
        { type: 'CNAME', name: 'links.acme.in', value: 'go.linkledger.example', ttl: 3600, alternative: true },
      ],
      ttl: 3600,
      propagation: 'DNS changes can take up to 24 hours to propagate.',
    });
  });

  it('leaves the CNAME out when none is configured, and is not an alternative when it is the only way', () => {
    const ipsOnly = dnsInstructions('links.acme.in', TOKEN, { ips: ['203.0.113.7'], cname: null });
    expect(ipsOnly.records.map((record) => record.type)).toEqual(['TXT', 'A']);
    const cnameOnly = dnsInstructions('links.acme.in', TOKEN, { ips: [], cname: 'go.linkledger.example' });
    expect(cnameOnly.records.at(-1)).toEqual({ type: 'CNAME', name: 'links.acme.in', value: 'go.linkledger.example', ttl: 3600 });
  });

  it('refuses a target that is not an IP or a host name, naming the setting', () => {
    expect(() => dnsInstructions('links.acme.in', TOKEN, { ips: ['203.0.113'], cname: null })).toThrow(/DOMAIN_TARGET_IPS contains "203.0.113"/);
    expect(() => dnsInstructions('links.acme.in', TOKEN, { ips: [], cname: 'not a host' })).toThrow(/DOMAIN_CNAME_TARGET "not a host"/);
  });
});

/** A UDP port that was free a moment ago: queries to it are refused by the kernel at once. */
async function closedUdpPort(): Promise<string> {
  const socket = createSocket('udp4');
  await new Promise<void>((bound) => socket.bind(0, '127.0.0.1', bound));
  const { port } = socket.address();
  await new Promise<void>((closed) => socket.close(closed));
  return `127.0.0.1:${port}`;
}

/** A bound UDP socket that reads queries and never replies, so the resolver times out. */
async function silentUdpServer(): Promise<{ socket: Socket; address: string }> {
  const socket = createSocket('udp4');
  socket.on('message', () => undefined);
  await new Promise<void>((bound) => socket.bind(0, '127.0.0.1', bound));
  return { socket, address: `127.0.0.1:${socket.address().port}` };
}

/** A dns2 server whose every answer `script` writes, for failures the test server does not model. */
async function scriptedServer(script: (request: Packet, response: Packet) => void): Promise<{ server: UDPServer; address: string }> {
  const server = createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    script(request, response);
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  return { server, address: `127.0.0.1:${server.address().port}` };
}
