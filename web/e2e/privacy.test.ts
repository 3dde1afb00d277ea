import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * "Your data" and deleting the account in the browser (docs/privacy.md), on the real server:
 * the export with its download, the deletion dialog's refusal and its success, after which
 * the account's link is gone and its sign-in refused.
 */

describe('your data and deleting the account in the browser', () => {
  const suite = useBrowserSuite('privacy-root@example.com');
  let serial = 0;

  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const profileTab = async (token: string, viewport: { width: number; height: number } = DESKTOP): Promise<Page> => {
    const page = await openSignedIn(suite.browser, suite.product, token, '/settings', viewport);
    await page.getByRole('heading', { name: 'Your data' }).waitFor();
    return page;
  };

  it('prepares an export in the background and downloads it as one zip', async () => {
    const email = unique('exporter');
    const token = await registerByApi(suite.product, email);
    const link = await apiCall<{ short_code: string }>(suite.product, token, 'POST', '/api/urls', {
      original_url: 'https://example.com/<script>alert(1)</script>',
      title: '<img src=x onerror=alert(1)>',
    });
    const page = await profileTab(token);
    try {
      await page.getByRole('button', { name: 'Export my data' }).click();
      await page.getByText('Your export is ready.').waitFor({ timeout: 20_000 });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'settings-your-data');
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download my data' }).click()]);
      expect(download.suggestedFilename()).toMatch(/^linkledger-data-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(new Uint8Array(readFileSync((await download.path())!)));
      expect(JSON.parse(strFromU8(files['profile.json']!))).toMatchObject({ profile: { email } });
      expect(JSON.parse(strFromU8(files['links.json']!))).toMatchObject([{ short_code: link.short_code, title: '<img src=x onerror=alert(1)>' }]);
    } finally {
      await page.context().close();
    }
  });

  it('deletes the account behind its confirmation: a wrong password is refused, then the account, its session and its link are gone', async () => {
    const email = unique('leaver');
    const token = await registerByApi(suite.product, email);
    const link = await apiCall<{ short_code: string }>(suite.product, token, 'POST', '/api/urls', { original_url: 'https://example.com/bye' });
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await profileTab(token, viewport);
      try {
        await page.getByRole('button', { name: 'Delete my account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
        await dialog.waitFor();
        const confirm = dialog.getByRole('button', { name: 'Delete my account forever' });
        expect(await confirm.isDisabled()).toBe(true);
        await dialog.getByLabel('Current password').fill('not-my-password');
        await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
        await confirm.click();
        await dialog.getByRole('alert').filter({ hasText: 'That is not your current password, so the account was not deleted.' }).waitFor();
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'settings-delete-account');
      } finally {
        await page.context().close();
      }
    }

    const page = await profileTab(token);
    try {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await dialog.getByLabel('Current password').fill('secret123');
      await dialog.getByLabel(`Type ${email} to confirm`).fill(email);
      await dialog.getByRole('button', { name: 'Delete my account forever' }).click();
      await page.waitForURL(`${suite.product.baseUrl}/`);
      await page.locator('.toast', { hasText: 'Your account was deleted successfully.' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    } finally {
      await page.context().close();
    }
    const redirect = await fetch(`${suite.product.baseUrl}/${link.short_code}`, { redirect: 'manual' });
    expect(redirect.status).toBe(404);
    const signIn = await fetch(`${suite.product.baseUrl}/api/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `username=${encodeURIComponent(email)}&password=secret123`,
    });
    expect(signIn.status).toBe(401);
  });
});
