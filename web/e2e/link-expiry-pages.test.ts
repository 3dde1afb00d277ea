import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setLinkControls } from '../../services/src/testing/link-controls.ts';
import { signUp, startTestApp, type TestApp } from '../../services/src/testing/test-app.ts';
import { DESKTOP, PHONE, launchBrowser, newContext, screenshot, seriousA11yViolations, type Product } from './harness.ts';

/**
 * The pages a short link answers out of its schedule (docs/links.md#schedule-and-expiry): "not
 * active yet" and "expired", as a visitor's browser shows them at desktop and phone sizes, with
 * nothing the page's content security policy blocks.
 */
describe('the expired and not-active-yet pages', () => {
  let t: TestApp;
  let browser: Browser;
  let baseUrl = '';
  /** The in-process server as the harness's browser contexts take it. */
  const product = (): Product => ({ baseUrl, dataDir: t.dataDir, stop: () => t.close() });
  const codes = { expired: '', notActive: '' };

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { headers } = await signUp(t.app, 'pages@example.com');
    const newLink = async () =>
      (await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/launch' } })).json<{
        id: number;
        short_code: string;
      }>();
    const [expired, notActive] = [await newLink(), await newLink()];
    await setLinkControls(t.platform, expired.id, { expires_at: new Date(Date.now() - 60_000).toISOString() });
    await setLinkControls(t.platform, notActive.id, { starts_at: new Date(Date.now() + 86_400_000).toISOString() });
    Object.assign(codes, { expired: expired.short_code, notActive: notActive.short_code });
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows both pages readably, with nothing their content security policy blocks (${size})`, async () => {
      const context = await newContext(browser, product(), viewport);
      const page = await context.newPage();
      for (const [name, code, status, heading] of [
        ['link-expired', codes.expired, 410, 'This link has expired'],
        ['link-not-active-yet', codes.notActive, 404, 'This link is not active yet'],
      ] as const) {
        const answer = await page.goto(`${baseUrl}/${code}`);
        expect(answer?.status()).toBe(status);
        await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(heading);
        // No horizontal scrolling on a phone.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(page, name);
      }
      await context.close();
    });
  }

  it('has no serious accessibility problems', async () => {
    const context = await newContext(browser, product(), DESKTOP);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/${codes.expired}`);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await context.close();
  });
});
