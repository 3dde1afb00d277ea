import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, apiCall, linkInMail, openSignedIn, registerByApi, screenshot, seriousA11yViolations, waitForMail } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * /settings in the browser (docs/accounts.md#account-settings) on the real server: the
 * profile saved (green status, the sidebar's name follows), the pending e-mail change, the
 * password form's own check and a real change (this browser stays signed in, another
 * session is signed out), the sessions list with "this device" and signing one out, the
 * billing tab of a paid account with cancel; accessibility and screenshots.
 */

const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe('settings in the browser', () => {
  const suite = useBrowserSuite('settings-root@example.com');
  let serial = 0;

  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);

  /** Another sign-in of the account, from a phone's browser. */
  async function signInFromPhone(email: string, password = 'secret123'): Promise<string> {
    const answer = await fetch(`${suite.product.baseUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'user-agent': IPHONE },
      body: new URLSearchParams({ username: email, password }),
    });
    return ((await answer.json()) as { access_token: string }).access_token;
  }

  async function expectAccessible(page: Page) {
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  it('saves the profile with a green status; hostile text stays text; shows a pending e-mail change', { timeout: 60_000 }, async () => {
    const email = unique('profile');
    const token = await registerByApi(suite.product, email);
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings');
    page.setDefaultTimeout(10_000);
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    await page.getByLabel('Username').fill('grace.h');
    await page.getByLabel('Full name').fill('<img src=x onerror=alert(1)> Grace');
    await page.getByLabel('Phone').fill('+91 98765-43210');
    await page.getByRole('button', { name: 'Save changes' }).click();
    const status = page.locator('.settings-status--success');
    await status.waitFor();
    expect(await status.textContent()).toBe('Profile updated successfully.');
    // The sidebar's name follows, and the name is text, not markup.
    await page.locator('.user-menu__name', { hasText: 'grace.h' }).waitFor();
    expect(await page.getByLabel('Full name').inputValue()).toBe('<img src=x onerror=alert(1)> Grace');
    expect(await page.getByLabel('Phone').inputValue()).toBe('+919876543210');
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    await page.getByLabel('New e-mail address').fill(unique('moved'));
    await page.getByLabel('Current password', { exact: true }).fill('wrong-one');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.locator('.settings-status--error', { hasText: 'Your current password is incorrect.' }).waitFor();
    const newEmail = unique('moved');
    await page.getByLabel('New e-mail address').fill(newEmail);
    await page.getByLabel('Current password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await page.getByTestId('pending-email').waitFor();
    expect(await page.getByTestId('pending-email').textContent()).toContain(`We sent a link to ${newEmail}`);
    await expectAccessible(page);
    await screenshot(page, 'settings-profile');

    // Following the mailed link moves the account; the profile then shows the new address.
    const link = linkInMail(await waitForMail(suite.product, newEmail), '/confirm-email-change');
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.locator('.settings-status--success', { hasText: 'Your e-mail address was changed successfully.' }).waitFor();
    await page.goto('/settings');
    await page.getByLabel('Email', { exact: true }).waitFor();
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(newEmail);
    await page.context().close();
  });

  it('checks the password form, changes the password keeping this browser signed in and signing out another session; lists and signs out sessions', async () => {
    const email = unique('security');
    const token = await registerByApi(suite.product, email);
    const phone = await signInFromPhone(email);
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=security');
    const sessions = page.getByTestId('session');
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    await page.getByText('This device').waitFor();
    await page.getByText('Mobile Safari on iOS').waitFor();

    // The screen's own check, before any call.
    await page.getByLabel('Current password').fill('secret123');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm new password').fill('brand-new-2');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.locator('.settings-status--error', { hasText: 'New passwords do not match.' }).waitFor();
    await expectAccessible(page);

    await page.getByLabel('Confirm new password').fill('brand-new-1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.locator('.settings-status--success', { hasText: 'Password updated successfully.' }).waitFor();
    // The phone's session is gone from the list, and its token is refused; this browser still works.
    await expect.poll(() => sessions.count(), { timeout: 5000 }).toBe(1);
    expect((await fetch(`${suite.product.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${phone}` } })).status).toBe(401);
    await page.reload();
    await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
    expect(page.url()).toContain('/settings');

    // A new sign-in elsewhere, signed out from here.
    await signInFromPhone(email, 'brand-new-1');
    await page.reload();
    await sessions.nth(1).waitFor();
    await screenshot(page, 'settings-security');
    await page.getByRole('button', { name: 'Sign out Mobile Safari on iOS' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click();
    await expect.poll(() => sessions.count(), { timeout: 5000 }).toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out all other sessions' }).count()).toBe(0);
    await page.context().close();
  });

  it('says a taken username (any case) is taken, naming Username, and refuses the current password as the new one', { timeout: 60_000 }, async () => {
    const taken = unique('taken');
    const takenToken = await registerByApi(suite.product, taken);
    await call(takenToken, 'PUT', '/api/settings/profile', { username: 'Lovelace' });
    const token = await registerByApi(suite.product, unique('second'));
    for (const viewport of [undefined, PHONE]) {
      const page = await openSignedIn(suite.browser, suite.product, token, '/settings', viewport);
      try {
        page.setDefaultTimeout(10_000);
        await page.getByRole('heading', { name: 'Settings', level: 1 }).waitFor();
        await page.getByLabel('Username').fill('lovelace');
        await page.getByRole('button', { name: 'Save changes' }).click();
        await page.locator('.settings-status--error', { hasText: 'Username is already taken. Please choose another one.' }).waitFor();
        await screenshot(page, 'settings-username-taken');

        await page.goto('/settings?tab=security');
        await page.getByLabel('Current password').fill('secret123');
        await page.getByLabel('New password', { exact: true }).fill('secret123');
        await page.getByLabel('Confirm new password').fill('secret123');
        await page.getByRole('button', { name: 'Update password' }).click();
        await page.locator('.settings-status--error', { hasText: 'New password must be different from your current password.' }).waitFor();
        await screenshot(page, 'settings-password-not-new');
      } finally {
        await page.context().close();
      }
    }
    // Nothing changed: the old password still signs in.
    expect((await fetch(`${suite.product.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });

  it('revokes the API key with the password unless the box is cleared, then the key screen offers a new key instead of making one', async () => {
    const email = unique('key');
    const token = await registerByApi(suite.product, email);
    const { api_key: oldKey } = await call<{ api_key: string }>(token, 'POST', '/api/users/me/generate-api-key');
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=security');
    const revoke = page.getByLabel(/Also revoke my API key/);
    expect(await revoke.isChecked()).toBe(true);

    await page.getByLabel('Current password').fill('secret123');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-1');
    await page.getByLabel('Confirm new password').fill('brand-new-1');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.locator('.settings-status--success', { hasText: 'your API key was revoked' }).waitFor();
    expect((await fetch(`${suite.product.baseUrl}/api/urls`, { headers: { 'x-api-key': oldKey } })).status).toBe(401);
    await expectAccessible(page);
    await screenshot(page, 'settings-password-key-revoked');

    await page.getByRole('link', { name: 'Create a new API key' }).click();
    await page.waitForURL('**/api-keys');
    await page.getByText('Your API key was revoked to protect your account').waitFor();
    // Nothing was made behind the owner's back: the screen waits for the button.
    expect((await fetch(`${suite.product.baseUrl}/api/users/me/api-key`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(404);
    await screenshot(page, 'api-keys-revoked');
    await page.getByRole('button', { name: 'Create a new API key' }).click();
    await page.getByRole('button', { name: 'Regenerate' }).waitFor();
    const newKey = await page.getByLabel('API key', { exact: true }).inputValue();
    expect(newKey).toMatch(/^ll_/);
    expect(newKey).not.toBe(oldKey);
    expect((await fetch(`${suite.product.baseUrl}/api/urls`, { headers: { 'x-api-key': newKey } })).status).toBe(200);

    // Cleared box: the key stays.
    await page.goto('/settings?tab=security');
    await page.getByLabel(/Also revoke my API key/).uncheck();
    await page.getByLabel('Current password').fill('brand-new-1');
    await page.getByLabel('New password', { exact: true }).fill('brand-new-2');
    await page.getByLabel('Confirm new password').fill('brand-new-2');
    await page.getByRole('button', { name: 'Update password' }).click();
    await page.locator('.settings-status--success', { hasText: 'Every other session was signed out.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Create a new API key' }).count()).toBe(0);
    expect((await fetch(`${suite.product.baseUrl}/api/urls`, { headers: { 'x-api-key': newKey } })).status).toBe(200);
    await page.context().close();
  });

  it('shows the billing tab of a paid account and cancels with a confirmation; links to /pricing', async () => {
    const token = await registerByApi(suite.product, unique('billing'));
    const { order: intent } = await call<{ order: { order_id: string } }>(token, 'POST', '/api/payment/create-intent', {
      plan_type: 'pro',
      billing_cycle: 'monthly',
    });
    const paid = await call<Record<string, string>>(token, 'POST', `/api/payment/test-checkout/${intent.order_id}`, { outcome: 'pay' });
    await call(token, 'POST', '/api/payment/verify', {
      payment_id: paid.razorpay_payment_id,
      order_id: intent.order_id,
      signature: paid.razorpay_signature,
      plan_type: 'pro',
      billing_cycle: 'monthly',
    });

    const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=billing');
    await page.getByTestId('billing-status').waitFor();
    expect(await page.getByTestId('billing-plan').textContent()).toBe('Pro');
    expect(await page.getByTestId('billing-status').textContent()).toBe('Active');
    expect(await page.getByTestId('billing-status').getAttribute('class')).toContain('--active');
    expect(await page.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/pricing');
    await expectAccessible(page);
    await screenshot(page, 'settings-billing');

    await page.getByRole('button', { name: 'Cancel subscription' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Cancel subscription' }).click();
    await page.locator('.settings-status--success', { hasText: 'cancelled successfully' }).waitFor();
    await expect.poll(() => page.getByTestId('billing-status').textContent(), { timeout: 5000 }).toBe('Cancelled');
    expect(await page.getByTestId('billing-status').getAttribute('class')).toContain('--inactive');
    await page.context().close();
  });

  it('shows the notification settings in their tab', async () => {
    const token = await registerByApi(suite.product, unique('notify'));
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings');
    await page.getByRole('tab', { name: 'Notifications' }).click();
    expect(page.url()).toContain('tab=notifications');
    // The profile panel may still be on screen for a moment after the click.
    await page.getByRole('tabpanel').getByRole('heading', { name: 'Notification e-mails' }).waitFor();
    expect(await page.getByRole('tabpanel').getByRole('heading', { name: 'Profile' }).count()).toBe(0);
    await expectAccessible(page);
    await page.context().close();
  });

  it('fits a phone', async () => {
    const token = await registerByApi(suite.product, unique('phone'));
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=security', PHONE);
    await page.getByTestId('session').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectAccessible(page);
    await screenshot(page, 'settings-security');
    await page.context().close();
  });
});
