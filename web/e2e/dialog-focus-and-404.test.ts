import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, launchBrowser, newContext, openSignedIn, registerByApi, screenshot, startProduct, type Product } from './harness.ts';

/**
 * Where focus lands when a dialog opens (docs/web-app.md#dialogs), and the 404 page's frame
 * for a signed-in user (docs/web-app.md#the-404-page), at desktop and phone sizes.
 */
describe('dialog focus and the 404 page', () => {
  let product: Product;
  let browser: Browser;
  let token = '';

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    token = await registerByApi(product, 'focus@example.com');
    await apiCall(product, token, 'POST', '/api/urls', { original_url: 'https://example.com/focus', title: 'Focus' });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** What has focus, as a person would name it: the field's name or the button's text or label. */
  const focused = (page: Page) =>
    page.evaluate(() => {
      const active = document.activeElement as HTMLElement | null;
      if (!active) return '';
      return `${active.tagName.toLowerCase()}:${active.getAttribute('name') ?? active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`;
    });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`focuses a dialog's first field, else its primary control, never the × first (${size})`, async () => {
      const page = await openSignedIn(browser, product, token, '/dashboard', viewport);
      const row = page.locator('[data-link-id]').first();
      await row.waitFor();

      await page.locator('.dashboard__actions').getByRole('button', { name: 'Create Link' }).click();
      const create = page.getByRole('dialog', { name: 'Create New URL' });
      await create.waitFor();
      await expect.poll(() => focused(page)).toBe('input:original_url');
      await screenshot(page, 'dialog-create-focus');
      await page.keyboard.press('Escape');
      await create.waitFor({ state: 'hidden' });

      await row.locator('[data-action="edit"]').click();
      await page.getByRole('dialog', { name: /Edit/ }).waitFor();
      await expect.poll(() => focused(page)).toMatch(/^input:/);
      expect(await focused(page)).not.toBe('button:Close');
      await page.keyboard.press('Escape');

      // The QR dialog's designer: its first field that takes focus (a colour input the browser will not focus gives way to the next).
      await row.locator('[data-action="qr"]').click();
      await page.getByRole('dialog', { name: 'QR Code' }).waitFor();
      await expect.poll(() => focused(page)).toMatch(/^(input|select):/);
      expect(await focused(page)).not.toBe('button:Close');
      await page.keyboard.press('Escape');

      // A destructive confirmation has no primary control: the first one, Cancel, not the action.
      await row.locator('[data-action="delete"]').click();
      await page.getByRole('dialog', { name: 'Delete URL' }).waitFor();
      await expect.poll(() => focused(page)).toBe('button:Cancel');
      await page.keyboard.press('Escape');
      await page.context().close();
    }, 120_000);

    it(`shows a signed-in user their own frame on the 404 page, a visitor the site's header (${size})`, async () => {
      const page = await openSignedIn(browser, product, token, '/no-such-page', viewport);
      await page.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      // The signed-in frame: the sidebar (behind the menu button on a phone), no visitor header.
      expect(await page.locator('.app-shell').count()).toBe(1);
      expect(await page.getByRole('link', { name: 'Get Started' }).count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Login' }).count()).toBe(0);
      if (viewport === PHONE) await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Dashboard' }).waitFor();
      if (viewport === PHONE) await page.keyboard.press('Escape');
      const helpful = page.getByRole('navigation', { name: 'Helpful links' });
      expect(await helpful.getByRole('link').allTextContents()).toEqual(['Dashboard', 'Documentation', 'Support']);
      await screenshot(page, 'not-found-signed-in');
      await page.context().close();

      const visitorContext = await newContext(browser, product, viewport);
      const visitor = await visitorContext.newPage();
      await visitor.goto('/no-such-page');
      await visitor.getByRole('heading', { name: 'Page Not Found' }).waitFor();
      expect(await visitor.locator('.site-header').count()).toBe(1);
      expect(await visitor.locator('.app-shell').count()).toBe(0);
      await screenshot(visitor, 'not-found-visitor');
      await visitorContext.close();
    }, 120_000);
  }
});
