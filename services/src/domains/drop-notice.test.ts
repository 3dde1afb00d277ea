import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEventOf } from '@linkledger/contracts';
import { deliveriesStream } from '../mail/configured-mailer.ts';
import { outbox } from '../testing/outbox.ts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { signUp, signUpVerified, startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from './dns/testing/dns-test-server.ts';

const TARGET_IP = '203.0.113.7';
const DOMAIN = 'contested.acme.in';
const SUBJECT = `Your claim on ${DOMAIN} was dropped`;

/*
 * The notice of a dropped claim (docs/domains.md#the-notice-of-a-dropped-claim): when the first
 * account verifies a name, the holder of each other pending claim on it is e-mailed once, through
 * the notification scheduler, and no round or restart sends another. The app's clock is the test's.
 */
describe('a claim dropped because another account verified the name first', () => {
  const now = new Date('2026-11-23T10:00:00Z');
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-drop-notice-'));
  const env = { DNS_SERVERS: '', DOMAIN_TARGET_IPS: TARGET_IP, PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' };
  let dns: DnsTestServer;
  let t: TestApp;
  let winner: Session;
  let losers: Session[];

  const open = () => startTestApp(env, { clock: () => now, dataDir });
  const api = (session: Session, method: 'GET' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: session.headers, ...(payload ? { payload } : {}) });
  const add = async (session: Session) => {
    const added = await api(session, 'POST', '/api/custom-domains', { domain: DOMAIN });
    expect(added.statusCode, added.body).toBe(201);
    return added.json<{ id: number; dns_token: string }>();
  };
  const notices = (to: string) => outbox(dataDir).filter((mail) => mail.to === to && mail.subject === SUBJECT);
  const tick = async () => {
    await projectorsCaughtUp(t.platform);
    await t.platform.notificationScheduler!.tick();
  };

  beforeAll(async () => {
    dns = await startDnsTestServer();
    env.DNS_SERVERS = dns.address;
    t = await open();
    await signUp(t.app, 'root@example.com'); // the first account: super admin
    winner = await signUpVerified(t, 'winner@example.com');
    losers = [await signUpVerified(t, 'loser-one@example.com'), await signUpVerified(t, 'loser-two@example.com')];
    for (const session of [winner, ...losers]) await givePlan(t.platform, session.user.id, 'pro');
  });
  afterAll(async () => {
    await t?.close();
    await dns?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('mails the holder of each dropped claim one notice, and the verifier none', async () => {
    const won = await add(winner);
    for (const loser of losers) await add(loser);
    dns.set(`_linkledger-verify.${DOMAIN}`, 'TXT', [won.dns_token]);
    dns.set(DOMAIN, 'A', [TARGET_IP]);
    const verified = await api(winner, 'POST', `/api/custom-domains/${won.id}/verify`);
    expect(verified.json().domain, verified.body).toMatchObject({ status: 'verified' });

    await tick();
    await tick();

    for (const email of ['loser-one@example.com', 'loser-two@example.com']) {
      const sent = notices(email);
      expect(sent, email).toHaveLength(1);
      expect(sent[0]!.text).toContain(`${DOMAIN} was verified by another account first`);
      expect(sent[0]!.text).toContain('your pending claim on it was dropped');
      expect(sent[0]!.text).toContain(`No link of yours was served on ${DOMAIN}`);
      expect(sent[0]!.text).toContain('https://lnk.example.com/custom-domains');
    }
    expect(outbox(dataDir).filter((mail) => mail.to === 'winner@example.com' && mail.subject.includes(DOMAIN))).toEqual([]);
    // Each hand-over is counted for the admin's statistics under its own purpose.
    const delivered = (await t.platform.events.readStream(deliveriesStream(now)))
      .map(domainEventOf)
      .filter((event) => event?.type === 'MailDelivered' && event.data.purpose === 'domain_claim_dropped');
    expect(delivered).toHaveLength(2);
    // The claims stay listed as dropped, to be deleted.
    const listed = (await api(losers[0]!, 'GET', '/api/custom-domains')).json<{ domain: string; status: string }[]>();
    expect(listed.find((item) => item.domain === DOMAIN)).toMatchObject({ status: 'dropped' });
  });

  it('sends none again after a restart: the claim’s stream records the notice', async () => {
    await t.close();
    t = await open();
    await tick();
    expect([notices('loser-one@example.com'), notices('loser-two@example.com')].map((sent) => sent.length)).toEqual([1, 1]);
  });
});
