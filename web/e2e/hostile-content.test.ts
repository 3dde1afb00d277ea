import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, launchBrowser, newContext, registerByApi, screenshot, signInContext, startProduct, type Product } from './harness.ts';

/**
 * Issue 5, hostile input: titles, descriptions and destinations carrying HTML and script
 * are shown as text on every screen that shows them, and never run.
 */
const PAYLOADS = {
  title: `<img src=x onerror="window.__xss='title'"><script>window.__xss='title-script'</script>`,
  description: `<svg onload="window.__xss='description'"></svg><b>bold?</b>`,
  // A valid web address whose query carries markup: the server keeps it as typed.
  destination: `https://example.com/search?q=<script>window.__xss='destination'</script>&x="><img src=x onerror=window.__xss='attr'>`,
};

describe('hostile content in the browser', () => {
  let product: Product;
  let browser: Browser;
  let token = '';
  let linkId = 0;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    token = await registerByApi(product, 'mallory@example.com');
    const created = await apiCall<{ id: number }>(product, token, 'POST', '/api/urls', {
      original_url: PAYLOADS.destination,
      title: PAYLOADS.title,
      description: PAYLOADS.description,
    });
    linkId = created.id;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** Nothing ran: no marker, no dialog, and no element the payloads would have made. */
  async function expectInert(page: Page, dialogs: string[]) {
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(await page.locator('img[src="x"], svg[onload], script:not([src]):not([type="module"])').count()).toBe(0);
  }

  async function open(path: string, viewport: { width: number; height: number }) {
    const context = await newContext(browser, product, viewport);
    await signInContext(context, token);
    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(path);
    return { page, context, dialogs };
  }

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows them as text on the dashboard, in the edit and delete dialogs and on the analytics page (${size})`, async () => {
      const { page, context, dialogs } = await open('/dashboard', viewport);
      const row = page.locator(`[data-link-id="${linkId}"]`);
      await row.waitFor();
      expect(await row.textContent()).toContain(PAYLOADS.title);
      // Stored, and so shown, in its WHATWG serialization: the markup arrives percent-encoded.
      expect(await row.textContent()).toContain(new URL(PAYLOADS.destination).href);
      await expectInert(page, dialogs);

      await row.getByRole('button', { name: /edit/i }).click();
      const edit = page.getByRole('dialog');
      await edit.waitFor();
      expect(await edit.getByLabel(/title/i).inputValue()).toBe(PAYLOADS.title);
      expect(await edit.getByLabel(/description/i).inputValue()).toBe(PAYLOADS.description);
      await expectInert(page, dialogs);
      await page.keyboard.press('Escape');

      await row.getByRole('button', { name: /delete/i }).click();
      const confirm = page.getByRole('dialog');
      await confirm.waitFor();
      expect(await confirm.textContent()).toContain(PAYLOADS.title);
      await expectInert(page, dialogs);
      await page.keyboard.press('Escape');

      await page.goto(`/analytics/${linkId}`);
      await page.getByRole('heading', { name: 'Analytics' }).waitFor();
      expect(await page.locator('main').textContent()).toContain(PAYLOADS.title);
      await expectInert(page, dialogs);
      await context.close();
    });
  }

  it('shows a look-alike host in punycode, so the homograph is visible, and serves non-Latin destinations', async () => {
    const homograph = await apiCall<{ id: number; short_code: string }>(product, token, 'POST', '/api/urls', {
      original_url: 'https://аpple.com/login',
      title: 'Homograph',
    });
    const japanese = await apiCall<{ id: number; short_code: string; original_url: string }>(product, token, 'POST', '/api/urls', {
      original_url: `${product.baseUrl}/pricing?q=日本語`,
      title: '日本語',
    });
    const { page, context, dialogs } = await open('/dashboard', DESKTOP);
    const row = page.locator(`[data-link-id="${homograph.id}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('https://xn--pple-43d.com/login');
    expect(await row.textContent()).not.toContain('аpple.com');
    await screenshot(page, 'hostile-homograph');
    // The non-Latin destination is followed by a real browser, to the page it names.
    await page.goto(`/${japanese.short_code}`);
    await page.waitForURL(/\/pricing\?q=/);
    expect(decodeURIComponent(new URL(page.url()).search)).toBe('?q=日本語');
    await expectInert(page, dialogs);
    await context.close();
  });

  it('keeps the payloads out of the page’s markup as markup: React escapes every value', async () => {
    const { page, context, dialogs } = await open('/dashboard', DESKTOP);
    await page.locator(`[data-link-id="${linkId}"]`).waitFor();
    const html = await page.content();
    expect(html).not.toContain(PAYLOADS.title);
    expect(html).toContain('&lt;img src=x onerror=');
    await expectInert(page, dialogs);
    await context.close();
  });
});
