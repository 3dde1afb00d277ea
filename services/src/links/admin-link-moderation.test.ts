import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

const browser = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Firefox/120.0' };

describe('an admin disables and enables links', () => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let owner: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await startTestApp();
    admin = await signUp(t.app, 'root@example.com');
    owner = await signUp(t.app, 'lure@example.com');
  });
  afterAll(async () => t.close());

  const create = async (original_url: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/urls', headers: owner.headers, payload: { original_url } })).json<{ id: number; short_code: string }>();

  it('a disabled link answers the "link disabled" page, never its destination, and records no click; the owner sees why', async () => {
    const link = await create('https://login.bank-secure.example/verify');
    const reason = 'Phishing: imitates a bank’s sign-in page <script>alert(1)</script>';
    const disabled = await t.app.inject({ method: 'POST', url: `/api/admin/links/${link.id}/disable`, headers: admin.headers, payload: { reason } });
    expect(disabled.json()).toMatchObject({
      message: 'Link disabled successfully',
      link: { id: link.id, disabled_by_admin: true, moderation_reason: reason, owner_email: 'lure@example.com' },
    });

    for (const method of ['GET', 'HEAD'] as const) {
      const visit = await t.app.inject({ method, url: `/${link.short_code}`, headers: browser });
      expect(visit.statusCode).toBe(410);
      expect(visit.headers.location).toBeUndefined();
      if (method === 'GET') expect(visit.body).toContain('This link has been disabled');
      expect(visit.body).not.toContain('bank-secure');
    }
    // The owner cannot switch it back on; they see the state and the reason (as data, not markup).
    await t.app.inject({
      method: 'PATCH',
      url: `/api/urls/${link.id}`,
      headers: owner.headers,
      payload: { is_active: true, original_url: 'https://other.example/' },
    });
    expect((await t.app.inject({ url: `/${link.short_code}`, headers: browser })).statusCode).toBe(410);
    const seen = await t.app.inject({ url: `/api/urls/${link.id}`, headers: owner.headers });
    expect(seen.json()).toMatchObject({ disabled_by_admin: true, moderation_reason: reason, total_clicks: 0 });

    const enabled = await t.app.inject({ method: 'POST', url: `/api/admin/links/${link.id}/enable`, headers: admin.headers });
    expect(enabled.json()).toMatchObject({ link: { disabled_by_admin: false, moderation_reason: null } });
    const visit = await t.app.inject({ url: `/${link.short_code}`, headers: browser });
    expect([visit.statusCode, visit.headers.location]).toEqual([302, 'https://other.example/']);
  });

  it('refuses a disable without a reason, twice, or of an unknown link, saying why', async () => {
    const link = await create('https://example.com/fine');
    const noReason = await t.app.inject({ method: 'POST', url: `/api/admin/links/${link.id}/disable`, headers: admin.headers, payload: { reason: '  ' } });
    expect([noReason.statusCode, noReason.json().detail]).toEqual([400, 'Give the reason for disabling the link: its owner will see it.']);
    const notDisabled = await t.app.inject({ method: 'POST', url: `/api/admin/links/${link.id}/enable`, headers: admin.headers });
    expect([notDisabled.statusCode, notDisabled.json().detail]).toEqual([409, 'The link is not disabled.']);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/links/999999/disable', headers: admin.headers, payload: { reason: 'x' } })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: `/${link.short_code}`, headers: browser })).statusCode).toBe(302);
  });

  it('finds links by short code, destination host or owner e-mail', async () => {
    const link = await create('https://malware.example/payload.exe');
    const search = async (term: string) =>
      (await t.app.inject({ url: '/api/admin/links', headers: admin.headers, query: { search: term } })).json<{ links: { id: number }[]; total: number }>();
    expect((await search('malware.example')).links.map((l) => l.id)).toEqual([link.id]);
    expect((await search(link.short_code)).links.map((l) => l.id)).toContain(link.id);
    const byOwner = await search('lure@');
    expect(byOwner.total).toBe(3);
    expect((await search('nobody-has-this')).total).toBe(0);
  });
});
