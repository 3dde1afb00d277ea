import type {} from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The settings' notifications tab in the browser (docs/notifications.md) on the real server:
 * three switches, all on at first, saved with a green status and kept after a reload; a
 * refused save shows the server's words in red; accessibility and screenshots.
 */

type Switches = { weekly_summary: boolean; usage_warnings: boolean; moderation_notices: boolean; expiry_notices: boolean };

describe('notification settings in the browser', () => {
  const suite = useBrowserSuite('notifications-root@example.com');

  it('switches an e-mail off, saves it with a green status, and finds it off after a reload', { timeout: 60_000 }, async () => {
    const token = await registerByApi(suite.product, 'notified@example.com');
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=notifications');
    try {
      page.setDefaultTimeout(10_000);
      await page.getByRole('heading', { name: 'Notification e-mails' }).waitFor();
      const weekly = page.getByRole('switch', { name: 'Weekly summary' });
      const usage = page.getByRole('switch', { name: 'Usage warnings' });
      const moderation = page.getByRole('switch', { name: 'Moderation notices' });
      for (const control of [weekly, usage, moderation]) expect(await control.getAttribute('aria-checked')).toBe('true');
      // Each switch says what it sends.
      expect(await page.getByText('Every Monday, an e-mail with the clicks each of your links received', { exact: false }).count()).toBe(1);
      expect(await page.getByText('reach 80% and again at 100%', { exact: false }).count()).toBe(1);
      expect(await page.getByText('disables one of your links', { exact: false }).count()).toBe(1);

      await weekly.click();
      expect(await weekly.getAttribute('aria-checked')).toBe('false');
      await page.getByRole('button', { name: 'Save Notification Settings' }).click();
      const saved = page.locator('.settings-status--success');
      await saved.waitFor();
      expect(await saved.textContent()).toBe('Notification settings saved successfully.');
      expect(await apiCall<Switches>(suite.product, token, 'GET', '/api/settings/notifications')).toEqual({
        weekly_summary: false,
        usage_warnings: true,
        moderation_notices: true,
        expiry_notices: true,
      });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'settings-notifications');

      await page.reload();
      await page.getByRole('heading', { name: 'Notification e-mails' }).waitFor();
      expect(await page.getByRole('switch', { name: 'Weekly summary' }).getAttribute('aria-checked')).toBe('false');
      expect(await page.getByRole('switch', { name: 'Usage warnings' }).getAttribute('aria-checked')).toBe('true');

      // A save the server refuses shows its words, in red.
      await page.route('**/api/settings/notifications', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 409,
              contentType: 'application/json',
              body: JSON.stringify({ detail: 'Someone else changed this at the same moment. Please try again.' }),
            })
          : route.fallback(),
      );
      await page.getByRole('switch', { name: 'Moderation notices' }).click();
      await page.getByRole('button', { name: 'Save Notification Settings' }).click();
      const refused = page.locator('.settings-status--error');
      await refused.waitFor();
      expect(await refused.textContent()).toBe('Someone else changed this at the same moment. Please try again.');
      expect(await apiCall<Switches>(suite.product, token, 'GET', '/api/settings/notifications')).toEqual({
        weekly_summary: false,
        usage_warnings: true,
        moderation_notices: true,
        expiry_notices: true,
      });
      await screenshot(page, 'settings-notifications-error');
    } finally {
      await page.context().close();
    }
  });

  it('lays the switches out for a phone', { timeout: 60_000 }, async () => {
    const token = await registerByApi(suite.product, 'notified-phone@example.com');
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=notifications', PHONE);
    try {
      await page.getByRole('switch', { name: 'Moderation notices' }).waitFor();
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, 'settings-notifications');
    } finally {
      await page.context().close();
    }
  });
});
