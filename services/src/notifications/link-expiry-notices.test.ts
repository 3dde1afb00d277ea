import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LinkExpiryNotices } from './link-expiry-notices.ts';
import { eventually } from '../testing/eventually.ts';
import { setLinkControls } from '../testing/link-controls.ts';
import { givePlan } from '../testing/plans.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { registeredOverSmtp } from '../testing/smtp-accounts.ts';
import { startTestSmtpServer } from '../testing/test-smtp-server.ts';
import { callInWorkspace } from '../testing/workspaces.ts';

const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const HOUR = 3_600_000;
/** A link title and a team name that are markup: the notices show them as text. */
const HOSTILE_TITLE = '<img src=x onerror=alert(1)> & sale';
const ESCAPED_TITLE = '&#60;img src=x onerror=alert(1)&#62; &#38; sale';
const HOSTILE_TEAM = '<b>Launch</b> crew';

/*
 * The notice of a link's expiry (docs/notifications.md#link-expiry-notices): before, `LinkExpired`
 * was recorded and nobody was told. Now the owners and admins of the link's workspace get one
 * mail per expiry, by time or by clicks, through a real SMTP server; members are not told.
 */
describe('the notice of an expired link', () => {
  const clock = { now: Date.parse('2026-11-28T10:00:00.000Z') };
  let smtp: Awaited<ReturnType<typeof startTestSmtpServer>>;
  let t: TestApp;
  let asha: Session;
  let team: number;
  let admin: Session;

  const mailsTo = (address: string, containing: string) => smtp.received.filter((mail) => mail.to.includes(address) && mail.body.includes(containing));
  const htmlOf = (body: string) => body.slice(body.indexOf('Content-Type: text/html'));
  /** A request as a caller, in the workspace named, or in their personal one. */
  const api = (session: Session, method: 'POST' | 'GET', url: string, payload: object, workspace: number | null = null) =>
    callInWorkspace(t, session, method, url, workspace, payload);
  const registered = (email: string) => registeredOverSmtp(t, smtp.received, email);
  /** A round of the expiry scheduler, one of the notification scheduler, then (once the read model holds the mails owed) one of the mail sender. */
  const rounds = async () => {
    await t.platform.linkExpiryScheduler!.tick();
    await t.platform.notificationScheduler!.tick();
    await projectorsCaughtUp(t.platform);
    await t.platform.owedMail.tick();
  };
  const expiries = async (id: number) => (await t.platform.events.readStream(`link-${id}`)).filter((event) => event.type === 'LinkExpired').length;

  beforeAll(async () => {
    smtp = await startTestSmtpServer({ user: 'mailer', pass: 'secret' });
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'no-reply@lnk.example.com', PUBLIC_URL: 'https://lnk.example.com', REGISTRATIONS_PER_IP: '0' };
    t = await startTestApp(env, { clock: () => new Date(clock.now) });
    await registered('root@example.com'); // the first account: super admin
    asha = await registered('asha@example.com');
    admin = await registered('admin@example.com');
    const member = await registered('member@example.com');
    const created = await api(asha, 'POST', '/api/workspaces', { name: HOSTILE_TEAM, slug: 'launch-crew' });
    expect(created.statusCode, created.body).toBe(201);
    team = created.json<{ workspace: { id: number } }>().workspace.id;
    await givePlan(t.platform, team, 'pro');
    for (const [session, email, role] of [
      [admin, 'admin@example.com', 'admin'],
      [member, 'member@example.com', 'member'],
    ] as const) {
      expect((await api(asha, 'POST', `/api/workspaces/${team}/invites`, { email, role })).statusCode).toBe(201);
      const token = mailsTo(email, '/invite/')[0]!.body.match(/\/invite\/([\w-]+)/)![1];
      expect((await api(session, 'POST', '/api/workspace-invites/accept', { token })).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('by time: the user of a personal workspace is told once, the hostile title as text, the expiry date named', async () => {
    const made = await api(asha, 'POST', '/api/urls', { original_url: 'https://example.com/sale', title: HOSTILE_TITLE });
    const link = made.json<{ id: number; short_code: string }>();
    await setLinkControls(t.platform, link.id, { expires_at: new Date(clock.now + HOUR).toISOString() });
    clock.now += 2 * HOUR;
    await rounds();
    await rounds();
    // A restarted scheduler reads the log's expiries from the start: it owes nothing again.
    await new LinkExpiryNotices({ events: t.platform.events, read: t.platform.read, config: t.platform.config }).oweDue(new Date(clock.now));
    await rounds();

    const told = mailsTo('asha@example.com', `/${link.short_code}`).filter((mail) => mail.body.includes('has expired'));
    expect(told).toHaveLength(1);
    const [mail] = told;
    expect(mail!.body).toContain(`Subject: Your link ${link.short_code} has expired`);
    expect(mail!.body).toContain('its expiry time passed (28 Nov 2026)');
    const html = htmlOf(mail!.body);
    expect(html).toContain(ESCAPED_TITLE);
    expect(html).not.toContain('<img src=x');
    expect(await expiries(link.id)).toBe(1);
  });

  it('by clicks: a team’s owner and admin are told, its member is not; re-armed and expired again, told again, except the admin who switched these notices off', async () => {
    const made = await api(asha, 'POST', '/api/urls', { original_url: 'https://example.com/team' }, team);
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<{ id: number; short_code: string }>();
    const visit = () => t.app.inject({ url: `/${link.short_code}`, headers: { 'user-agent': CHROME } });
    const told = (address: string) => mailsTo(address, `/${link.short_code}`).filter((mail) => mail.body.includes('has expired'));

    await setLinkControls(t.platform, link.id, { max_clicks: 1 });
    expect((await visit()).statusCode).toBe(302);
    await eventually(async () => (await expiries(link.id)) === 1, 5_000, 'the expiry by clicks');
    await rounds();
    await rounds();
    expect(told('asha@example.com')).toHaveLength(1);
    expect(told('admin@example.com')).toHaveLength(1);
    expect(told('member@example.com')).toHaveLength(0);
    const [mail] = told('admin@example.com');
    expect(mail!.body).toContain('it reached its limit of 1 clicks');
    expect(htmlOf(mail!.body)).toContain('&#60;b&#62;Launch&#60;/b&#62; crew');

    // The admin switches these notices off: the next expiry is told to the owner alone.
    const switches = { weekly_summary: true, usage_warnings: true, moderation_notices: true, expiry_notices: false };
    const switchedOff = await callInWorkspace(t, admin, 'PUT', '/api/settings/notifications', null, switches);
    expect(switchedOff.statusCode, switchedOff.body).toBe(200);
    await setLinkControls(t.platform, link.id, { max_clicks: 2 });
    expect((await visit()).statusCode).toBe(302);
    await eventually(async () => (await expiries(link.id)) === 2, 5_000, 'the second expiry');
    await rounds();
    expect(told('asha@example.com')).toHaveLength(2);
    expect(told('admin@example.com')).toHaveLength(1);
    expect(told('member@example.com')).toHaveLength(0);
  });
});
