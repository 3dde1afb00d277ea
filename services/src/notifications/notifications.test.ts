import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { outbox } from '../testing/outbox.ts';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { seedClicks } from '../testing/seed-clicks.ts';
import { signUp, signUpVerified, startTestApp, type Session, type TestApp, post, put } from '../testing/test-app.ts';

/** A clock the test moves by hand. */
function manualClock(start: string) {
  let now = new Date(start);
  return { clock: () => now, set: (at: string) => (now = new Date(at)) };
}

const HOSTILE_TITLE = '<script>alert("t")</script> & co';
const HOSTILE_REASON = 'Phishing <img src=x onerror=alert(1)>';
const BROWSER = ['Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0'];
const PUBLIC_URL = 'https://lnk.test';
type Kind = 'weekly_summary' | 'usage_warning' | 'moderation_notice';

describe('notification e-mails, driven from the log with a test clock', () => {
  const time = manualClock('2026-02-10T10:00:00Z'); // a Tuesday, ISO week 2026-W07
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-notifications-'));
  let t: TestApp;
  let admin: Session;
  let alice: Session; // everything on
  let carol: Session; // everything off
  let dave: Session; // banned
  const links: Record<string, { id: number; short_code: string }> = {};

  const open = () => startTestApp({ PUBLIC_URL }, { clock: time.clock, dataDir });
  // The outbox keeps no purpose: each kind is told by its subject.
  const SUBJECTS: Record<Kind, RegExp> = {
    weekly_summary: /^Your Linkledger week:/,
    usage_warning: /^You have (used \d+% of your monthly links|reached your monthly link limit)$/,
    moderation_notice: /^Your link \S+ was disabled by an administrator$/,
  };
  const mails = (kind: Kind) => outbox(dataDir).filter((mail) => SUBJECTS[kind].test(mail.subject));
  const tick = async () => {
    await projectorsCaughtUp(t.platform);
    await t.platform.notificationScheduler!.tick();
  };
  const create = async (app: FastifyInstance, session: Session, title: string) => {
    const response = await post(app, '/api/urls', session.headers, { original_url: 'https://example.com/a?b=<c>', title });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; short_code: string }>();
  };
  /** A fresh sign-in: the test clock moves past the tokens' lifetime. */
  const signIn = async (session: Session): Promise<Session> => {
    const email = `${(await t.platform.read.get<{ id: number; email: string }>('users', session.user.id))!.email}`;
    const token = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: `username=${encodeURIComponent(email)}&password=correct%20horse`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(token.statusCode, token.body).toBe(200);
    return { ...session, headers: { authorization: `Bearer ${token.json<{ access_token: string }>().access_token}` } };
  };
  const setPreferences = (session: Session, payload: unknown) =>
    t.app.inject({ method: 'PUT', url: '/api/settings/notifications', headers: session.headers, payload: payload as object });

  beforeAll(async () => {
    t = await open();
    admin = await signUp(t.app, 'root@example.com');
    alice = await signUpVerified(t, 'alice@example.com');
    carol = await signUpVerified(t, 'carol@example.com');
    dave = await signUpVerified(t, 'dave@example.com');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('the switches: all on by default, saved per user, validated', async () => {
    const fresh = await t.app.inject({ url: '/api/settings/notifications', headers: carol.headers });
    expect(fresh.json()).toEqual({ weekly_summary: true, usage_warnings: true, moderation_notices: true, expiry_notices: true });

    // A caller that does not know the later switch leaves it as it is.
    const off = { weekly_summary: false, usage_warnings: false, moderation_notices: false };
    const saved = await setPreferences(carol, off);
    expect(saved.json()).toEqual({ ...off, expiry_notices: true, message: 'Notification settings saved successfully.' });
    expect((await t.app.inject({ url: '/api/settings/notifications', headers: carol.headers })).json()).toEqual({ ...off, expiry_notices: true });
    const allOff = { ...off, expiry_notices: false };
    expect((await setPreferences(carol, allOff)).json()).toEqual({ ...allOff, message: 'Notification settings saved successfully.' });
    expect((await setPreferences(carol, off)).json()).toEqual({ ...allOff, message: 'Notification settings saved successfully.' });
    expect((await t.app.inject({ url: '/api/settings/notifications', headers: carol.headers })).json()).toEqual(allOff);
    // Someone else's stay on.
    expect((await t.app.inject({ url: '/api/settings/notifications', headers: alice.headers })).json()).toEqual({
      weekly_summary: true,
      usage_warnings: true,
      moderation_notices: true,
      expiry_notices: true,
    });

    const wrong = await setPreferences(carol, { weekly_summary: 'yes', usage_warnings: false, moderation_notices: false });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toContain('Weekly summary must be true or false');
    expect((await t.app.inject({ url: '/api/settings/notifications' })).statusCode).toBe(401);
  });

  it('no summary for a week before any link existed', async () => {
    links.aliceHostile = await create(t.app, alice, HOSTILE_TITLE);
    links.alicePlain = await create(t.app, alice, 'Plain page');
    links.carol = await create(t.app, carol, 'Carol’s');
    links.dave = await create(t.app, dave, 'Dave’s');
    await seedClicks(t.platform, { id: links.aliceHostile.id, owner_id: alice.user.id }, 3, BROWSER);
    await seedClicks(t.platform, { id: links.alicePlain.id, owner_id: alice.user.id }, 1, BROWSER);
    await seedClicks(t.platform, { id: links.carol.id, owner_id: carol.user.id }, 2, BROWSER);
    await seedClicks(t.platform, { id: links.dave.id, owner_id: dave.user.id }, 2, BROWSER);
    expect((await t.app.inject({ method: 'POST', url: `/api/admin/users/${dave.user.id}/ban`, headers: admin.headers })).statusCode).toBe(200);
    await tick();
    expect(mails('weekly_summary')).toEqual([]);
  });

  it('on Monday (UTC), the week before is summarised per link, once, to those who want it', async () => {
    time.set('2026-02-15T23:30:00Z'); // still Sunday: nothing yet
    await tick();
    expect(mails('weekly_summary')).toEqual([]);

    time.set('2026-02-16T00:10:00Z');
    await tick();
    const sent = mails('weekly_summary');
    expect(sent.map((mail) => mail.to)).toEqual(['alice@example.com']); // carol switched it off, dave is banned
    const [summary] = sent;
    expect(summary!.subject).toBe('Your Linkledger week: 4 clicks from 09 Feb 2026 to 15 Feb 2026');
    expect(summary!.text).toContain(`${HOSTILE_TITLE} (${PUBLIC_URL}/${links.aliceHostile!.short_code}): 3 clicks`);
    expect(summary!.text).toContain(`Plain page (${PUBLIC_URL}/${links.alicePlain!.short_code}): 1 click`);
    expect(summary!.text.indexOf('3 clicks')).toBeLessThan(summary!.text.indexOf(': 1 click'));
    expect(summary!.html).not.toContain('<script>');
    expect(summary!.html).toContain('&#60;script&#62;alert(&#34;t&#34;)&#60;/script&#62; &#38; co');
    expect(summary!.html).toContain(`href="${PUBLIC_URL}/dashboard"`);

    await tick();
    time.set('2026-02-18T12:00:00Z');
    await tick();
    expect(mails('weekly_summary')).toHaveLength(1);
    const recorded = await t.platform.events.readAll({ limit: 100, filter: { types: ['WeeklySummarySent'] } });
    expect(recorded.map((event) => [event.stream, event.data])).toEqual([[`notifications-${alice.user.id}`, { user_id: alice.user.id, week: '2026-W07' }]]);
  });

  it('usage warnings at 80 % and at 100 % of the monthly limit, once each; none when switched off', async () => {
    [alice, carol, admin] = [await signIn(alice), await signIn(carol), await signIn(admin)];
    // From here on Alice wants no summaries: none comes on the Mondays this test passes.
    expect((await setPreferences(alice, { weekly_summary: false, usage_warnings: true, moderation_notices: true })).statusCode).toBe(200);
    // Free: 10 links a month. Alice has 2, Carol 1.
    for (let i = 0; i < 5; i++) await create(t.app, alice, `more ${i}`);
    for (let i = 0; i < 8; i++) await create(t.app, carol, `more ${i}`);
    await tick();
    expect(mails('usage_warning')).toEqual([]); // alice at 70 %, carol switched off

    await create(t.app, alice, 'eighth');
    await tick();
    await tick();
    const eighty = mails('usage_warning');
    expect(eighty.map((mail) => [mail.to, mail.subject])).toEqual([['alice@example.com', 'You have used 80% of your monthly links']]);
    expect(eighty[0]!.text).toContain('You have created 8 of the 10 links your Free plan allows this month.');
    expect(eighty[0]!.html).toContain(`href="${PUBLIC_URL}/pricing"`);

    await create(t.app, alice, 'ninth');
    await create(t.app, alice, 'tenth');
    await tick();
    await tick();
    const all = mails('usage_warning');
    expect(all.map((mail) => mail.subject)).toEqual(['You have used 80% of your monthly links', 'You have reached your monthly link limit']);
    expect(all[1]!.text).toContain('You have created 10 of the 10 links your Free plan allows this month.');

    // A new month starts afresh: nothing is due until links are created in it.
    time.set('2026-03-02T09:00:00Z');
    await tick();
    expect(mails('usage_warning')).toHaveLength(2);
    expect(mails('weekly_summary')).toHaveLength(1);

    // A limit an admin set for the account is called the account's, and met by support, not an upgrade.
    [alice, admin] = [await signIn(alice), await signIn(admin)];
    const limited = await put(t.app, `/api/admin/api/users/${alice.user.id}/limits`, admin.headers, { custom_monthly_links_limit: 5 });
    expect(limited.statusCode, limited.body).toBe(200);
    for (let i = 0; i < 4; i++) await create(t.app, alice, `march ${i}`);
    await tick();
    await tick();
    const own = mails('usage_warning')[2]!;
    expect(own.text).toContain('You have created 4 of the 5 links your account allows (a limit set for your account, not by your plan) this month.');
    expect(own.text).toContain('ask support to change the limit');
    expect(own.html).toContain(`href="${PUBLIC_URL}/support"`);
    expect(own.text).not.toContain('upgrade');
  });

  it('a link disabled by an admin is told to its owner once, with the reason escaped; not when switched off', async () => {
    admin = await signIn(admin);
    const disable = (id: number) =>
      t.app.inject({ method: 'POST', url: `/api/admin/links/${id}/disable`, headers: admin.headers, payload: { reason: HOSTILE_REASON } });
    expect((await disable(links.aliceHostile!.id)).statusCode).toBe(200);
    expect((await disable(links.carol!.id)).statusCode).toBe(200);
    await tick();
    await tick();
    const notices = mails('moderation_notice');
    expect(notices.map((mail) => [mail.to, mail.subject])).toEqual([
      ['alice@example.com', `Your link ${links.aliceHostile!.short_code} was disabled by an administrator`],
    ]);
    expect(notices[0]!.text).toContain(`Reason: ${HOSTILE_REASON}`);
    expect(notices[0]!.text).toContain(`${PUBLIC_URL}/${links.aliceHostile!.short_code}`);
    expect(notices[0]!.html).not.toContain('<img');
    expect(notices[0]!.html).toContain('&#60;img src=x onerror=alert(1)&#62;');

    // Enabled and disabled again: a new disabling, told again.
    await t.app.inject({ method: 'POST', url: `/api/admin/links/${links.aliceHostile!.id}/enable`, headers: admin.headers });
    await disable(links.aliceHostile!.id);
    await tick();
    expect(mails('moderation_notice')).toHaveLength(2);
  });

  it('switched on again, the next Monday summarises; after a restart nothing is sent again', async () => {
    time.set('2026-03-09T07:00:00Z');
    alice = await signIn(alice);
    await setPreferences(alice, { weekly_summary: true, usage_warnings: true, moderation_notices: true });
    await tick();
    const summaries = mails('weekly_summary');
    expect(summaries).toHaveLength(2);
    expect(summaries[1]!.subject).toBe('Your Linkledger week: 0 clicks from 02 Mar 2026 to 08 Mar 2026');

    await t.close();
    t = await open();
    await tick();
    expect([mails('weekly_summary'), mails('usage_warning'), mails('moderation_notice')].map((list) => list.length)).toEqual([2, 3, 2]);
  });
});
