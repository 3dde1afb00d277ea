import { TOTP } from 'otpauth';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  linkInMail,
  newContext,
  openSignedIn,
  registerByApi,
  screenshot,
  signInByApi,
  seriousA11yViolations,
  verifyByMail,
  waitForMail,
} from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Two-step verification in the browser (docs/accounts.md#second-factor) on the real server:
 * set up in Settings → Security (the key read off the page, as a person would type it into
 * an app), the recovery codes shown once, signing out, then signing in with the password and
 * a code from the app; on a phone, the code step with a recovery code. Accessibility and
 * screenshots at both sizes.
 */

/** What an authenticator app shows for the key, `offsetSeconds` from now. */
const appCode = (secret: string, offsetSeconds = 0) =>
  new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSeconds * 1000 });

describe('two-step verification in the browser', () => {
  const suite = useBrowserSuite('second-factor-root@example.com');
  let serial = 0;

  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;

  async function expectAccessible(page: Page) {
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  /** A verified account on Settings → Security, with the set-up begun: answers the key the page shows. */
  async function startSetUp(viewport: { width: number; height: number }) {
    const email = unique('twostep');
    await registerByApi(suite.product, email);
    await verifyByMail(suite.product, email);
    // Proving the address ended the registration's session (docs/accounts.md#taking-an-account-back).
    const token = await signInByApi(suite.product, email);
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=security', viewport);
    page.setDefaultTimeout(10_000);
    const card = page.getByRole('region', { name: 'Two-step verification' });
    await card.getByRole('button', { name: 'Set up two-step verification' }).click();
    await card.getByLabel('Current password').fill('secret123');
    await card.getByRole('button', { name: 'Continue' }).click();
    const shown = card.getByTestId('second-factor-secret');
    await shown.waitFor();
    // The key as the page shows it, in groups of four, is what a person types into the app.
    const secret = (await shown.textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    return { email, page, card, secret };
  }

  async function signInWithPassword(page: Page, email: string) {
    await page.goto('/login');
    await page.getByLabel('Email', { exact: true }).fill(email);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.getByRole('heading', { name: 'Two-step verification', level: 1 }).waitFor();
  }

  it('sets up in the settings, shows the recovery codes once, and signs in again with a code from the app', { timeout: 90_000 }, async () => {
    const { email, page, card, secret } = await startSetUp(DESKTOP);
    await expectAccessible(page);
    await screenshot(page, 'settings-second-factor-setup');

    await card.getByLabel('Authentication or recovery code').fill('000000');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByText('That code is not right.', { exact: false }).waitFor();
    await card.getByLabel('Authentication or recovery code').fill(appCode(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const codes = card.getByTestId('recovery-codes').getByRole('listitem');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await card.locator('.settings-status--success', { hasText: 'Two-step verification turned on successfully.' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'settings-second-factor-codes');
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    expect(await card.getByTestId('second-factor-summary').textContent()).toContain('10 recovery codes left');
    expect(await card.getByTestId('recovery-codes').count()).toBe(0);

    // Signed out, the password alone no longer signs in: the code step follows, and a wrong code is told.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await signInWithPassword(page, email);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await page.getByLabel('Authentication code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'login-second-factor');
    // The code of the next step: the one that turned the factor on is spent, and one step ahead is accepted.
    await page.getByLabel('Authentication code').fill(appCode(secret, 30));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL('**/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
    await page.context().close();
  });

  it('on a phone: the set-up view, and the code step signs in with a recovery code', { timeout: 90_000 }, async () => {
    const { email, page, card, secret } = await startSetUp(PHONE);
    await expectAccessible(page);
    await screenshot(page, 'settings-second-factor-setup');
    await card.getByLabel('Authentication or recovery code').fill(appCode(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByTestId('recovery-codes').waitFor();
    // Ten codes fit the phone's width: nothing scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'settings-second-factor-codes');
    const recoveryCode = (await card.getByTestId('recovery-codes').getByRole('listitem').first().textContent())!;
    await card.getByRole('button', { name: 'I have saved my codes' }).click();
    await page.context().close();

    const context = await newContext(suite.browser, suite.product, PHONE);
    const phone = await context.newPage();
    phone.setDefaultTimeout(10_000);
    await signInWithPassword(phone, email);
    await phone.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await phone.getByLabel('Recovery code').fill(recoveryCode.toUpperCase());
    await expectAccessible(phone);
    await screenshot(phone, 'login-second-factor');
    await phone.getByRole('button', { name: 'Verify' }).click();
    await phone.waitForURL('**/dashboard');
    await phone.goto('/settings?tab=security');
    const summary = phone.getByTestId('second-factor-summary');
    await summary.waitFor();
    expect(await summary.textContent()).toContain('9 recovery codes left');
    await context.close();
  });

  it('asks for a code on the reset form of an enrolled account; a wrong code keeps the form', { timeout: 90_000 }, async () => {
    const { email, page, card, secret } = await startSetUp(DESKTOP);
    await card.getByLabel('Authentication or recovery code').fill(appCode(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByTestId('recovery-codes').waitFor();
    await page.context().close();

    await fetch(`${suite.product.baseUrl}/api/forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email }),
    });
    const link = new URL(linkInMail(await waitForMail(suite.product, email, 10_000, '/reset-password'), '/reset-password'));
    const context = await newContext(suite.browser, suite.product, DESKTOP);
    const reset = await context.newPage();
    reset.setDefaultTimeout(10_000);
    await reset.goto(link.pathname + link.search);
    await reset.getByLabel('New Password', { exact: true }).fill('brand-new-1');
    await reset.getByLabel('Confirm Password', { exact: true }).fill('brand-new-1');
    await reset.getByLabel('Authentication code').fill('000000');
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByRole('alert').filter({ hasText: 'That code is not right.' }).waitFor();
    await expectAccessible(reset);
    await screenshot(reset, 'reset-password-second-factor');
    await reset.getByLabel('Authentication code').fill(appCode(secret, 30));
    await reset.getByRole('button', { name: 'Reset Password' }).click();
    await reset.getByRole('heading', { name: 'Password Reset Successful!' }).waitFor();
    await context.close();
  });
});
