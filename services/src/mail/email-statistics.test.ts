import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, signUpVerified, startWithSuperAdmin, type Session, type TestApp } from '../testing/test-app.ts';

describe('the e-mail statistics an admin reads', () => {
  let t: TestApp;
  let admin: Session;
  beforeAll(async () => ({ t, admin } = await startWithSuperAdmin()));
  afterAll(async () => t.close());

  it('count users, verified and not, verification e-mails sent and the verification rate, beside the deliveries by purpose', async () => {
    await signUpVerified(t, 'ada@example.com');
    await signUp(t.app, 'bo@example.com');
    const bo = await signUp(t.app, 'cy@example.com');
    await t.app.inject({ method: 'POST', url: '/api/auth/request-verification', headers: bo.headers });

    const stats = async () => (await t.app.inject({ url: '/api/admin/email-stats', headers: admin.headers })).json();
    // root, ada, bo and cy at registration, and cy once more.
    await expect.poll(async () => (await stats()).verification_emails_sent, { timeout: 5000 }).toBe(5);
    expect(await stats()).toMatchObject({
      total_users: 4,
      verified_users: 1,
      unverified_users: 3,
      verification_emails_sent: 5,
      verification_rate: 25,
      by_purpose: { verify_email: 5 },
    });
  });
});
