import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { registeredOverSmtp } from '../testing/smtp-accounts.ts';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from '../domains/dns/testing/dns-test-server.ts';

const OUR_HOST = 'lnk.example.com';
const TARGET_IP = '203.0.113.7';
const DOMAIN = 'go.team.acme.in';
/** A team name that is markup: every notice must show it as text. */
const HOSTILE_TEAM = '<script>alert(1)</script> & Co';
const ESCAPED_TEAM = '&#60;script&#62;alert(1)&#60;/script&#62; &#38; Co';

/*
 * Notices about a team workspace's domains and TRAI headers (docs/workspaces.md#notices): before,
 * they went to the account whose id owns the thing, and a team's id is no account's, so nobody
 * was told. Now each of the team's owners and admins is, and for a TRAI decision the member who
 * submitted the header too; members, viewers and outsiders are not. Mail goes through a real
 * SMTP server; the app's clock is the test's.
 */
describe('notices about a team workspace’s domains reach its owners and admins', () => {
  const now = new Date('2026-11-27T10:00:00Z');
  const env = {
    SMTP_URL: '',
    MAIL_FROM: 'no-reply@lnk.example.com',
    DNS_SERVERS: '',
    DOMAIN_TARGET_IPS: TARGET_IP,
    PUBLIC_URL: `https://${OUR_HOST}`,
    REGISTRATIONS_PER_IP: '0',
  };
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let dns: DnsTestServer;
  let t: TestApp;
  let root: Session;
  let asha: Session;
  let team: number;
  const people = {} as Record<'admin' | 'member' | 'outsider' | 'rival', Session>;

  const mailsTo = (address: string, containing: string) => smtp.received.filter((mail) => mail.to.includes(address) && mail.body.includes(containing));
  const htmlOf = (body: string) => body.slice(body.indexOf('Content-Type: text/html'));
  const api = (session: Session, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown, workspace?: number) =>
    t.app.inject({
      method,
      url,
      headers: { ...session.headers, ...(workspace ? { 'x-workspace-id': String(workspace) } : {}) },
      ...(payload ? { payload } : {}),
    });
  const registered = (email: string) => registeredOverSmtp(t, smtp.received, email);
  const join = async (session: Session, email: string, role: string) => {
    expect((await api(asha, 'POST', `/api/workspaces/${team}/invites`, { email, role })).statusCode).toBe(201);
    const token = mailsTo(email, '/invite/')[0]!.body.match(/\/invite\/([\w-]+)/)![1];
    const accepted = await api(session, 'POST', '/api/workspace-invites/accept', { token });
    expect(accepted.statusCode, accepted.body).toBe(200);
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ user: 'mailer', pass: 'secret' });
    dns = await startDnsTestServer();
    Object.assign(env, { SMTP_URL: smtp.url, DNS_SERVERS: dns.address });
    t = await startTestApp(env, { clock: () => now });
    root = await registered('root@example.com'); // the first account: super admin
    asha = await registered('asha@example.com');
    for (const name of ['admin', 'member', 'outsider', 'rival'] as const) people[name] = await registered(`${name}@example.com`);
    const created = await api(asha, 'POST', '/api/workspaces', { name: HOSTILE_TEAM, slug: 'hostile-team' });
    expect(created.statusCode, created.body).toBe(201);
    team = created.json<{ workspace: { id: number } }>().workspace.id;
    await givePlan(t.platform, team, 'pro');
    await givePlan(t.platform, people.rival.user.id, 'pro');
    await join(people.admin, 'admin@example.com', 'admin');
    await join(people.member, 'member@example.com', 'member');
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await dns?.close();
  });

  it('a team’s claim dropped because another account verified the name first: each owner and admin gets one notice naming the team as text', async () => {
    const claim = await api(asha, 'POST', '/api/custom-domains', { domain: DOMAIN }, team);
    expect(claim.statusCode, claim.body).toBe(201);
    const won = await api(people.rival, 'POST', '/api/custom-domains', { domain: DOMAIN });
    dns.set(`_linkledger-verify.${DOMAIN}`, 'TXT', [won.json<{ dns_token: string }>().dns_token]);
    dns.set(DOMAIN, 'A', [TARGET_IP]);
    const verified = await api(people.rival, 'POST', `/api/custom-domains/${won.json<{ id: number }>().id}/verify`);
    expect(verified.json().domain, verified.body).toMatchObject({ status: 'verified' });

    for (let round = 0; round < 2; round++) {
      await projectorsCaughtUp(t.platform);
      await t.platform.notificationScheduler!.tick();
    }

    const notice = `${DOMAIN} was verified by another account first`;
    for (const email of ['asha@example.com', 'admin@example.com']) {
      const sent = mailsTo(email, notice);
      expect(sent, email).toHaveLength(1);
      expect(sent[0]!.body).toContain(`The claim stays in the workspace’s Custom Domains list`);
      expect(htmlOf(sent[0]!.body)).toContain(`This is about the workspace “${ESCAPED_TEAM}”`);
      expect(htmlOf(sent[0]!.body)).not.toContain('<script>');
    }
    for (const email of ['member@example.com', 'outsider@example.com', 'rival@example.com', 'root@example.com'])
      expect(mailsTo(email, DOMAIN), email).toEqual([]);
  });

  it('a notice the transport refuses for one of them is sent to that one at the next tick, and not again to the others', async () => {
    const domain = 'go2.team.acme.in';
    const claim = await api(asha, 'POST', '/api/custom-domains', { domain }, team);
    expect(claim.statusCode, claim.body).toBe(201);
    const won = await api(people.rival, 'POST', '/api/custom-domains', { domain });
    dns.set(`_linkledger-verify.${domain}`, 'TXT', [won.json<{ dns_token: string }>().dns_token]);
    dns.set(domain, 'A', [TARGET_IP]);
    expect((await api(people.rival, 'POST', `/api/custom-domains/${won.json<{ id: number }>().id}/verify`)).statusCode).toBe(200);
    const tick = async () => {
      await projectorsCaughtUp(t.platform);
      await t.platform.notificationScheduler!.tick();
    };
    const notice = `${domain} was verified by another account first`;

    smtp.refuseAddress('admin@example.com', true);
    await tick();
    expect([mailsTo('asha@example.com', notice).length, mailsTo('admin@example.com', notice).length]).toEqual([1, 0]);
    smtp.refuseAddress('admin@example.com', false);
    await tick();
    await tick();
    expect([mailsTo('asha@example.com', notice).length, mailsTo('admin@example.com', notice).length]).toEqual([1, 1]);
  });

  it('an administrator’s approval of a team’s TRAI header mails its owners, admins and the member who submitted it, once each', async () => {
    // A member may not add headers (domains:write): the admin submits it.
    const added = await api(people.admin, 'POST', '/api/custom-domains/trai', { header: 'TEAMHQ', domain_type: 'our_domain' }, team);
    expect(added.statusCode, added.body).toBe(201);
    // The queue names the team (its name as a JSON string) and its first owner, not a "deleted account".
    const queue = (await api(root, 'GET', '/api/admin/trai-approvals')).json<{ header: string; owner_email: string | null; team: string | null }[]>();
    expect(queue.find((item) => item.header === 'TEAMHQ')).toMatchObject({ owner_email: 'asha@example.com', team: HOSTILE_TEAM });
    const approved = await api(root, 'POST', `/api/admin/trai-approvals/${added.json<{ id: number }>().id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);

    for (const email of ['asha@example.com', 'admin@example.com']) {
      const sent = mailsTo(email, 'on this service’s own host was approved by an administrator').filter((mail) => mail.body.includes('TEAMHQ'));
      expect(sent, email).toHaveLength(1);
      expect(htmlOf(sent[0]!.body)).toContain(`The TRAI header TEAMHQ of the workspace “${ESCAPED_TEAM}”`);
      expect(htmlOf(sent[0]!.body)).not.toContain('<script>');
      expect(sent[0]!.body).toContain(`https://${OUR_HOST}/custom-domains`);
    }
    for (const email of ['member@example.com', 'outsider@example.com', 'root@example.com']) expect(mailsTo(email, 'TEAMHQ'), email).toEqual([]);
  });

  it('a rejection tells them the administrator’s reason, as text', async () => {
    const added = await api(asha, 'POST', '/api/custom-domains/trai', { header: 'TEAMNO', domain_type: 'our_domain' }, team);
    expect(added.statusCode, added.body).toBe(201);
    const rejected = await api(root, 'POST', `/api/admin/trai-approvals/${added.json<{ id: number }>().id}/reject`, { reason: 'No DLT entry <b>found</b>' });
    expect(rejected.statusCode, rejected.body).toBe(200);

    for (const email of ['asha@example.com', 'admin@example.com']) {
      const [sent, ...more] = mailsTo(email, 'on this service’s own host was rejected by an administrator').filter((mail) => mail.body.includes('TEAMNO'));
      expect(more, email).toEqual([]);
      expect(sent!.body).toContain('The administrator’s reason: No DLT entry <b>found</b>');
      expect(htmlOf(sent!.body)).toContain('No DLT entry &#60;b&#62;found&#60;/b&#62;');
    }
    expect(mailsTo('member@example.com', 'TEAMNO')).toEqual([]);
  });

  it('a personal workspace’s header decision still reaches its user', async () => {
    await givePlan(t.platform, people.outsider.user.id, 'pro');
    const added = await api(people.outsider, 'POST', '/api/custom-domains/trai', { header: 'SOLO1N', domain_type: 'our_domain' });
    expect(added.statusCode, added.body).toBe(201);
    const queue = (await api(root, 'GET', '/api/admin/trai-approvals')).json<{ header: string; owner_email: string | null; team: string | null }[]>();
    expect(queue.find((item) => item.header === 'SOLO1N')).toMatchObject({ owner_email: 'outsider@example.com', team: null });
    expect((await api(root, 'POST', `/api/admin/trai-approvals/${added.json<{ id: number }>().id}/approve`)).statusCode).toBe(200);
    expect(mailsTo('outsider@example.com', 'Your TRAI header SOLO1N on this service’s own host was approved')).toHaveLength(1);
  });
});
