import type { Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, HUMAN_AGENT, PHONE, apiCall, newContext, registerByApi, screenshot, signInContext } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/**
 * What a person on a phone meets on the dashboard (docs/web-app.md#dashboard): the page stays
 * where it is while the list loads, the pager takes the view to the new rows, a reversed
 * date range is refused in the fields' own words, and a QR code's scans show in analytics.
 */
describe('dashboard on a phone', () => {
  const suite = useBrowserSuite();
  let accounts = 0;

  /** A fresh account with `links` links, signed in; an admin gives it `limits` first (by default: unlimited). */
  async function dashboardWith(links: number, viewport: { width: number; height: number }, limits: Record<string, unknown> = { is_unlimited_user: true }) {
    accounts += 1;
    const email = `phone${accounts}@example.com`;
    const token = await registerByApi(suite.product, email);
    const me = await apiCall<{ id: number }>(suite.product, token, 'GET', '/api/users/me');
    await apiCall(suite.product, suite.rootToken, 'PUT', `/api/admin/api/users/${me.id}/limits`, limits);
    for (let n = 1; n <= links; n++)
      await apiCall(suite.product, token, 'POST', '/api/urls', { original_url: `https://example.com/page-${n}`, title: `Link ${String(n).padStart(2, '0')}` });
    const context = await newContext(suite.browser, suite.product, viewport);
    await signInContext(context, token);
    const page = await context.newPage();
    // Scrolls then happen at once, so a position read after two frames is where the page settled.
    await page.emulateMedia({ reducedMotion: 'reduce' });
    return { token, page, context };
  }

  const resultCount = (page: Page) => page.getByTestId('result-count');
  const scrollY = (page: Page) => page.evaluate(() => window.scrollY);
  /** Two animation frames: any scroll an effect asked for has happened. */
  const settled = (page: Page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

  it('stays at the top while the list loads, and after choosing a page shows the top of the new rows', async () => {
    const { page, context } = await dashboardWith(25, PHONE);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    await expect.poll(async () => (await resultCount(page).textContent())?.trim()).toBe('Showing 1–10 of 25 URLs');
    await settled(page);
    // The welcome line is still in view: nothing scrolled the page towards the tab strip below the fold.
    expect(await scrollY(page)).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
    await screenshot(page, 'dashboard-loaded');

    // The pager sits far below; choosing page 2 takes the view to the first of its rows.
    const pager = page.getByRole('navigation', { name: 'Pages of your URLs' });
    await pager.scrollIntoViewIfNeeded();
    const atPager = await scrollY(page);
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(async () => (await resultCount(page).textContent())?.trim()).toBe('Showing 11–20 of 25 URLs');
    await settled(page);
    const firstRow = page.locator('[data-link-id]').first();
    expect(await firstRow.locator('.link-title').textContent()).toBe('Link 15');
    const top = await firstRow.evaluate((row) => row.getBoundingClientRect().top);
    expect(await scrollY(page)).toBeLessThan(atPager);
    // Below the sticky bar, within the upper part of the screen.
    expect(top).toBeGreaterThanOrEqual(0);
    expect(top).toBeLessThan(PHONE.height / 3);
    await context.close();
  }, 120_000);

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`refuses a reversed creation-date range on the screen (${size}), naming From and To, with no old count or pager and no call`, async () => {
      const { page, context } = await dashboardWith(12, viewport);
      const reversedCalls: string[] = [];
      page.on('request', (request: Request) => {
        const url = new URL(request.url());
        if (
          url.pathname === '/api/urls' &&
          url.searchParams.has('date_from') &&
          url.searchParams.has('date_to') &&
          url.searchParams.get('date_from')! > url.searchParams.get('date_to')!
        ) {
          reversedCalls.push(url.search);
        }
      });
      await page.goto('/dashboard');
      await expect.poll(async () => (await resultCount(page).textContent())?.trim()).toBe('Showing 1–10 of 12 URLs');

      await page.getByLabel('Created from').fill('2026-11-20');
      await page.getByLabel('Created to').fill('2026-11-10');
      const failure = page.getByTestId('list-failure');
      await failure.getByText('The From date must be on or before the To date.').waitFor();
      expect(await failure.textContent()).not.toContain('Check your connection');
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
      expect((await resultCount(page).textContent())?.trim()).toBe('');
      expect(await page.getByRole('navigation', { name: 'Pages of your URLs' }).count()).toBe(0);
      expect(await page.locator('[data-link-id]').count()).toBe(0);
      expect(await page.getByLabel('Created to').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, 'dashboard-reversed-range');
      expect(reversedCalls).toEqual([]);

      // Put right, the list comes back.
      await page.getByRole('button', { name: 'Clear Dates' }).click();
      await expect.poll(async () => (await resultCount(page).textContent())?.trim()).toBe('Showing 1–10 of 12 URLs');
      await context.close();
    }, 120_000);
  }

  it('shows the QR code’s scans in the link’s analytics, as the QR dialog says', async () => {
    const { token, page, context } = await dashboardWith(1, DESKTOP);
    const [link] = (await apiCall<{ urls: { id: number; short_url: string }[] }>(suite.product, token, 'GET', '/api/urls?include_counts=true')).urls;
    if (!link) throw new Error('no link');
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto('/dashboard');
      await page.locator('[data-action="qr"]').first().click();
      const dialog = page.getByRole('dialog', { name: 'QR Code' });
      await dialog.getByText('Scans count as clicks and show in the link’s analytics as QR code scans.').waitFor();
      await dialog.locator('img.qr__image').waitFor();
      await screenshot(page, 'dashboard-qr-dialog');
      await page.keyboard.press('Escape');
    }

    // Two people scan the printed code (the code opens the short URL with ?src=qr), one types the link.
    for (const url of [`${link.short_url}?src=qr`, `${link.short_url}?src=qr`, link.short_url]) {
      const answer = await fetch(url, { redirect: 'manual', headers: { 'user-agent': HUMAN_AGENT } });
      expect(answer.status).toBe(302);
    }
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      await page.goto(`/analytics/${link.id}`);
      await expect.poll(async () => (await page.locator('[data-figure="qr-scans"]').textContent())?.trim(), { timeout: 20_000 }).toBe('2');
      const referrers = page.locator('.card', { has: page.getByRole('heading', { name: 'Top Referrers' }) });
      await referrers.getByText('QR code', { exact: true }).first().waitFor();
      await page.locator('rect[data-day][data-clicks="3"]').waitFor();
      await screenshot(page, 'analytics-qr-scans');
    }
    await context.close();
  }, 120_000);

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`calls a limit an admin set the account's, and pitches no upgrade to an account made unlimited (${size})`, async () => {
      const limited = await dashboardWith(1, viewport, { custom_monthly_links_limit: 1 });
      await limited.page.goto('/dashboard');
      const banner = limited.page.getByTestId('limit-banner');
      await banner.getByText('You have used 1 of 1 link your account allows this month.').waitFor();
      expect(await banner.textContent()).not.toContain('bigger plan');
      expect(await banner.textContent()).not.toContain('Free plan');
      await screenshot(limited.page, 'dashboard-account-limit');
      await limited.context.close();

      const unlimited = await dashboardWith(0, viewport);
      await unlimited.page.goto('/limits');
      await unlimited.page.getByRole('heading', { level: 1 }).waitFor();
      await unlimited.page.getByText('Unlimited links on your account').waitFor();
      expect(await unlimited.page.getByText('No monthly limit on your account.').count()).toBe(1);
      expect(await unlimited.page.locator('.upgrade-banner').count()).toBe(0);
      expect(await unlimited.page.getByText(/Upgrade to Pro/).count()).toBe(0);
      await screenshot(unlimited.page, 'limits-unlimited-account');
      await unlimited.context.close();
    }, 120_000);
  }

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`says why a delete failed in the server's words (${size})`, async () => {
      const { token, page, context } = await dashboardWith(1, viewport);
      await page.goto('/dashboard');
      const row = page.locator('[data-link-id]').first();
      await row.waitFor();
      await row.locator('[data-action="delete"]').click();
      const confirm = page.getByRole('dialog', { name: 'Delete URL' });
      await confirm.waitFor();
      // Meanwhile the link goes from another tab.
      await apiCall(suite.product, token, 'DELETE', `/api/urls/${await row.getAttribute('data-link-id')}`);
      await confirm.getByRole('button', { name: 'Delete URL' }).click();
      const toast = page.locator('.toast', { has: page.locator('.toast__title', { hasText: 'Delete Failed' }) });
      await toast.getByText('URL not found').waitFor();
      expect(await toast.textContent()).not.toContain('Please try again');
      // The list is read again, so the link that was already gone leaves it.
      await page.getByTestId('empty-none').waitFor();
      await screenshot(page, 'dashboard-delete-failed');
      await context.close();
    }, 120_000);
  }
});
