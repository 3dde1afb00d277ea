import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rebuild, USERS, type UserView } from '@linkledger/projections';
import { projectorsCaughtUp } from '../testing/projectors.ts';
import { startTestApp, signUp, type Session, type TestApp, post } from '../testing/test-app.ts';
import { givePlan } from '../testing/plans.ts';
import { ACCOUNT_DELETED_SUCCESSFULLY } from './routes.ts';
import { CONFIRMATION_MISMATCH, SUPER_ADMIN_CANNOT_LEAVE } from './account-deletion-deciders.ts';
import { WRONG_PASSWORD_FOR_DELETION } from './routes.ts';

// Values distinctive enough that finding their bytes anywhere means they were kept.
const EMAIL = 'ada.quintessa.lovelace@example.test';
const NAME = 'Ada Quintessa Lovelace';
const PHONE = '+44 7700 900461';
const PASSWORD = 'analytical engine 1843';

/** Every file under a folder, recursively. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** The files whose bytes contain the text as UTF-8 or UTF-16 (either byte order), in any letter case. */
function filesHolding(folder: string, text: string): string[] {
  const needles = [Buffer.from(text.toLowerCase()), Buffer.from(text.toLowerCase(), 'utf16le'), Buffer.from(text.toLowerCase(), 'utf16le').swap16()];
  return filesUnder(folder).filter((file) => {
    const bytes = Buffer.from(readFileSync(file).toString('latin1').toLowerCase(), 'latin1');
    return needles.some((needle) => bytes.includes(needle));
  });
}

describe('your data and deleting the account', () => {
  let t: TestApp;
  let admin: Session;
  let ada: Session;
  let code: string;
  let linkId: number;

  const settled = async () => {
    await projectorsCaughtUp(t.platform, 20_000);
  };

  const dataDir = mkdtempSync(join(tmpdir(), 'll-privacy-'));
  let closed = false;

  beforeAll(async () => {
    t = await startTestApp({ TRUST_PROXY: '1' }, { dataDir });
    admin = await signUp(t.app, 'root@example.com');
    const registered = await t.app.inject({ method: 'POST', url: '/api/register', payload: { email: EMAIL, password: PASSWORD, full_name: NAME } });
    expect(registered.statusCode).toBe(201);
    ada = await signUp(t.app, 'bob@example.com').then(async () => {
      const token = await t.app.inject({
        method: 'POST',
        url: '/api/token',
        payload: `username=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      const accessToken = token.json<{ access_token: string }>().access_token;
      return { user: registered.json<{ id: number; role: string }>(), token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
    });
    const profile = await t.app.inject({
      method: 'PUT',
      url: '/api/settings/profile',
      headers: ada.headers,
      payload: { username: 'ada_l', full_name: NAME, phone: PHONE },
    });
    expect(profile.statusCode).toBe(200);
    const link = await post(t.app, '/api/urls', ada.headers, { original_url: 'https://example.com/notes', title: 'Notes' });
    ({ short_code: code, id: linkId } = link.json<{ short_code: string; id: number }>());
    for (let i = 0; i < 3; i++) {
      await t.app.inject({
        url: `/${code}`,
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/131.0', 'x-forwarded-for': `81.2.69.${i}`, referer: 'https://news.example/' },
      });
    }
    const ticket = await post(t.app, '/api/support/tickets', ada.headers, {
      subject: `Please call ${NAME}`,
      priority: 'high',
      message: `My number is ${PHONE}; write to ${EMAIL}.`,
    });
    expect(ticket.statusCode).toBe(201);
    // A verification link mailed to the address lands in the outbox.
    const mailed = await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: ada.headers });
    expect(mailed.statusCode).toBe(200);
    expect(filesHolding(join(dataDir, 'outbox'), EMAIL).length).toBeGreaterThan(0);
    await settled();
  }, 60_000);
  afterAll(async () => {
    if (!closed) await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('exports everything about the account as one zip, in the background with progress', async () => {
    const started = await t.app.inject({ method: 'POST', url: '/api/settings/export', headers: ada.headers });
    expect(started.statusCode).toBe(202);
    expect(started.json()).toMatchObject({ status: 'running', download_url: null });
    for (
      let i = 0;
      i < 200 && (await t.app.inject({ url: '/api/settings/export', headers: ada.headers })).json<{ status: string }>().status === 'running';
      i++
    ) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const done = (await t.app.inject({ url: '/api/settings/export', headers: ada.headers })).json<{
      status: string;
      clicks_done: number;
      clicks_total: number;
      download_url: string;
    }>();
    expect(done).toMatchObject({ status: 'ready', clicks_done: 3, clicks_total: 3 });

    // Nobody else can fetch it.
    expect((await t.app.inject({ url: done.download_url, headers: admin.headers })).statusCode).toBe(404);
    const download = await t.app.inject({ url: done.download_url, headers: ada.headers });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    const files = unzipSync(new Uint8Array(download.rawPayload));
    expect(Object.keys(files).sort()).toEqual(
      [
        'README.txt',
        'api-keys.json',
        'clicks.csv',
        'custom-domains.json',
        'links.json',
        'payments.json',
        'profile.json',
        'support-tickets.json',
        'trai-headers.json',
      ].sort(),
    );
    const profile = JSON.parse(strFromU8(files['profile.json']!)) as { profile: UserView };
    expect(profile.profile).toMatchObject({ email: EMAIL, full_name: NAME, username: 'ada_l' });
    expect(JSON.parse(strFromU8(files['links.json']!))).toMatchObject([{ id: linkId, short_code: code, total_clicks: 3 }]);
    expect(JSON.parse(strFromU8(files['support-tickets.json']!))).toMatchObject([{ subject: `Please call ${NAME}`, priority: 'high' }]);
    const clicks = strFromU8(files['clicks.csv']!).trim().split('\n');
    expect(clicks[0]).toBe('Time (UTC),Link ID,Country,Referrer,Source,Browser,OS,Device,Bot');
    expect(clicks).toHaveLength(4);
    expect(clicks[1]).toContain(`,${linkId},GB,news.example,link,Firefox,Linux,desktop,no`);
  });

  it('refuses a wrong password or confirmation, and the super admin, and changes nothing', async () => {
    const attempt = (headers: Record<string, string>, password: string, confirm_email: string) =>
      t.app.inject({ method: 'POST', url: '/api/settings/account/delete', headers, payload: { password, confirm_email } });
    const wrongPassword = await attempt(ada.headers, 'nope', EMAIL);
    expect(wrongPassword.statusCode).toBe(403);
    expect(wrongPassword.json().detail).toBe(WRONG_PASSWORD_FOR_DELETION);
    const wrongAddress = await attempt(ada.headers, PASSWORD, 'someone@example.test');
    expect(wrongAddress.statusCode).toBe(403);
    expect(wrongAddress.json().detail).toBe(CONFIRMATION_MISMATCH);
    const root = await attempt(admin.headers, 'correct horse', 'root@example.com');
    expect(root.statusCode).toBe(409);
    expect(root.json().detail).toBe(SUPER_ADMIN_CANNOT_LEAVE);
    expect((await t.app.inject({ url: '/api/users/me', headers: ada.headers })).statusCode).toBe(200);
  });

  it('deletes the account: sign-in and links stop, counts stay, and the replayed log shows a deleted user', async () => {
    // Ada's own domain and TRAI header: names others may want once she is gone.
    await givePlan(t.platform, ada.user.id, 'pro');
    const place = (who: Session, url: string, payload: object) => t.app.inject({ method: 'POST', url, headers: who.headers, payload });
    expect((await place(ada, '/api/custom-domains', { domain: 'ada-notes.acme.in' })).statusCode).toBe(201);
    expect((await place(ada, '/api/custom-domains/trai', { header: 'ADANTS', domain_type: 'our_domain' })).statusCode).toBe(201);

    const deleted = await post(t.app, '/api/settings/account/delete', ada.headers, { password: PASSWORD, confirm_email: ` ${EMAIL.toUpperCase()} ` });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().message).toBe(ACCOUNT_DELETED_SUCCESSFULLY);
    await settled();

    expect((await t.app.inject({ url: '/api/users/me', headers: ada.headers })).statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/token',
      payload: `username=${encodeURIComponent(EMAIL)}&password=${encodeURIComponent(PASSWORD)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(signIn.statusCode).toBeGreaterThanOrEqual(400);
    expect(signIn.statusCode).toBeLessThan(500);
    const redirect = await t.app.inject({ url: `/${code}` });
    expect(redirect.statusCode).toBe(404);
    // Her domain and header were let go with her account.
    await givePlan(t.platform, admin.user.id, 'pro');
    expect((await place(admin, '/api/custom-domains', { domain: 'ada-notes.acme.in' })).statusCode).toBe(201);
    expect((await place(admin, '/api/custom-domains/trai', { header: 'ADANTS', domain_type: 'our_domain' })).statusCode).toBe(201);

    const anonymous = { email: 'deleted-user@deleted.invalid', full_name: 'Deleted user', status: 'deleted', phone: null };
    expect(await t.platform.read.get(USERS, ada.user.id)).toMatchObject(anonymous);
    const [counted] = await t.platform.analytics.query<{ clicks: string | number }>('SELECT count() AS clicks FROM clicks WHERE link_id = {link:UInt64}', {
      link: linkId,
    });
    expect(Number(counted?.clicks)).toBe(3);
    const [owner] = await t.platform.analytics.query<{ last_status: string }>(
      'SELECT argMax(status, position) AS last_status FROM owner_facts WHERE owner_id = {owner:UInt64} AND isNotNull(status)',
      { owner: ada.user.id },
    );
    expect(owner?.last_status).toBe('deleted');

    // Replaying the whole log from position 0 still works, and builds the same anonymous account.
    await Promise.all(t.platform.runners.map((runner) => runner.stop()));
    await rebuild(t.platform.events, t.platform.readModelTarget, () => undefined, 7);
    expect(await t.platform.read.get(USERS, ada.user.id)).toMatchObject(anonymous);
    await t.platform.read.forgetOverwritten?.();

    // No byte of the address, the name or the phone number is left anywhere in the data directory.
    await t.close();
    closed = true;
    for (const value of [EMAIL, NAME, PHONE]) expect(filesHolding(dataDir, value), value).toEqual([]);
    // …while the other accounts are still there (the search does find what is kept).
    expect(filesHolding(dataDir, 'bob@example.com').length).toBeGreaterThan(0);
  }, 60_000);
});
