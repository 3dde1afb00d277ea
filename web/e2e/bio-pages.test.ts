import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { discPng } from '../../services/src/testing/test-images.ts';
import { DESKTOP, HUMAN_AGENT, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Link-in-bio pages in the browser (docs/pages.md#link-in-bio-pages) on the real server: the
 * editor with its live preview makes a page; a phone opens the public page, follows a button,
 * and the click counts for that link. Screenshots of the editor (desktop, phone) and of the page (phone).
 */

const SLUG = 'asha-links';
const HOSTILE_BIO = 'Designer <img src=x onerror=alert(1)> in Mumbai';

describe('link-in-bio pages in the browser', () => {
  const suite = useBrowserSuite('bio-root@example.com');
  let token = '';
  let workspaceId = 0;
  const call = <T>(method: string, path: string, body?: unknown, who = token) => apiCall<T>(suite.product, who, method, path, body);
  const toast = (page: Page, title: string) => page.locator('.toast', { has: page.locator('.toast__title', { hasText: title }) });

  beforeAll(async () => {
    token = await registerByApi(suite.product, 'asha-bio@example.com');
    workspaceId = (await call<{ id: number }>('GET', '/api/users/me')).id;
    await call('POST', `/api/admin/users/${workspaceId}/change-plan`, { plan_type: 'pro' }, suite.rootToken);
    // The destinations are pages of the product itself: the machine has no other web to reach.
    await call('POST', '/api/urls', { original_url: `${suite.product.baseUrl}/terms`, title: 'Read my terms', short_code: 'my-terms' });
    await call('POST', '/api/urls', { original_url: `${suite.product.baseUrl}/privacy`, title: 'Privacy first', short_code: 'my-privacy' });
  }, 60_000);

  it('makes a page in the editor, its live preview showing the page as visitors will (desktop)', async () => {
    const page = await openSignedIn(suite.browser, suite.product, token, '/bio-pages', DESKTOP);
    await page.getByRole('button', { name: 'New page' }).click();
    await page.getByLabel('Address').fill(SLUG);
    await page.getByLabel('Title').fill('Asha’s links');
    await page.getByLabel('Bio').fill(HOSTILE_BIO);
    await page.getByRole('checkbox', { name: /Read my terms/ }).check();
    await page.getByRole('checkbox', { name: /Privacy first/ }).check();
    await page.getByRole('radio', { name: /forest/ }).click();

    const preview = page.frameLocator('iframe[title="Preview of the page"]');
    await preview.getByRole('heading', { name: 'Asha’s links' }).waitFor();
    await preview.getByRole('link', { name: 'Privacy first' }).waitFor();
    expect(await preview.locator('.bio').textContent()).toBe(HOSTILE_BIO);
    expect(await preview.locator('img[src="x"]').count()).toBe(0);

    await page.getByRole('button', { name: 'Create page' }).click();
    await toast(page, 'Page Created').waitFor();
    // Now saved, it takes an avatar.
    await page.getByLabel('Avatar').setInputFiles({ name: 'avatar.png', mimeType: 'image/png', buffer: discPng(96, [13, 107, 94, 255]) });
    await toast(page, 'Avatar Saved').waitFor();
    await preview.locator('img.avatar').waitFor();
    await screenshot(page, 'bio-editor');

    await page.getByRole('button', { name: 'Done' }).click();
    const item = page.locator(`[data-page="${SLUG}"]`);
    await item.waitFor();
    expect(await item.textContent()).toContain('2 links');
    expect(await item.getByTestId('views').textContent()).toBe('0 views');
    // The editor's preview is a sandboxed frame the checker cannot enter: the screen is checked with the list.
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'bio-pages-list');
  });

  it('edits the page on a phone', async () => {
    const page = await openSignedIn(suite.browser, suite.product, token, '/bio-pages', PHONE);
    await page.getByRole('button', { name: 'Edit Asha’s links' }).click();
    const preview = page.frameLocator('iframe[title="Preview of the page"]');
    await preview.getByRole('heading', { name: 'Asha’s links' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, 'bio-editor');
  });

  it('a phone opens the public page and follows a button: the view and the click count', async () => {
    const visitor = await suite.browser.newContext({ baseURL: suite.product.baseUrl, viewport: PHONE, userAgent: HUMAN_AGENT, isMobile: true });
    try {
      const page = await visitor.newPage();
      const response = await page.goto(`/${SLUG}`);
      expect(response?.status()).toBe(200);
      expect(response?.headers()['content-security-policy']).not.toContain('script');
      await page.getByRole('heading', { name: 'Asha’s links' }).waitFor();
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.getByText('Made with Linkledger').count()).toBe(1);
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      const button = page.getByRole('link', { name: 'Privacy first' });
      const box = await button.boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(44);
      await screenshot(page, 'bio-page');

      await button.click();
      await page.waitForURL('**/privacy');
    } finally {
      await visitor.close();
    }
    const pages = await call<{ pages: { id: number }[] }>('GET', `/api/workspaces/${workspaceId}/pages`);
    const analyticsOf = () =>
      call<{ total_views: number; links: { title: string; clicks: number }[] }>('GET', `/api/workspaces/${workspaceId}/pages/${pages.pages[0]!.id}/analytics`);
    await expect.poll(async () => (await analyticsOf()).links.find((link) => link.title === 'Privacy first')?.clicks, { timeout: 15_000 }).toBe(1);
    expect((await analyticsOf()).total_views).toBe(1);

    // The Pages screen shows them.
    const screen = await openSignedIn(suite.browser, suite.product, token, '/bio-pages', DESKTOP);
    await screen.getByRole('button', { name: 'Stats of Asha’s links' }).click();
    expect(await screen.getByTestId('bio-stats-totals').textContent()).toMatch(/^1 view · 1 visitor/);
    expect(await screen.getByRole('row', { name: /Privacy first/ }).textContent()).toBe('Privacy first1');
    expect(await screen.locator(`[data-page="${SLUG}"]`).getByTestId('views').textContent()).toBe('1 view');
    await screenshot(screen, 'bio-pages-stats');
  });
});
