import { randomUUID } from 'node:crypto';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../services/src/accounts/index.ts';
import { signUp, startTestApp, type TestApp } from '../../services/src/testing/test-app.ts';
import { DESKTOP, HUMAN_AGENT, PHONE, launchBrowser, newContext, screenshot, seriousA11yViolations, type Product } from './harness.ts';

/**
 * The page a password-protected short link answers (docs/links.md#password), in a real
 * browser: its look at desktop and phone sizes, and its form working with JavaScript off.
 */
describe('the password page of a short link', () => {
  let t: TestApp;
  let browser: Browser;
  let product: Product;
  const code = 'secret1';

  beforeAll(async () => {
    [t, browser] = await Promise.all([startTestApp(), launchBrowser()]);
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    product = { baseUrl, dataDir: t.dataDir, stop: () => t.close() };
    const owner = (await signUp(t.app, 'owner@example.com')).user.id;
    const metadata = { actor: { kind: 'user' as const, id: String(owner) }, correlation_id: 'e2e', causation_id: 'e2e', at: new Date().toISOString() };
    const event = (type: string, data: object) => ({ id: randomUUID(), type, version: 1, data, metadata });
    // The destination is this server's health check, so the browser has somewhere to land.
    await t.platform.events.append([
      { stream: `shortcode-${code}`, expected: 'no_stream', events: [event('ShortCodeClaimed', { short_code: code, link_id: 1 })] },
      {
        stream: 'link-1',
        expected: 'no_stream',
        events: [
          event('LinkCreated', {
            link_id: 1,
            owner_id: owner,
            short_code: code,
            original_url: `${baseUrl}/api/health`,
            title: '<b>Hostile</b> title',
            description: '',
            created_via: 'manual',
            custom_domain: null,
            trai_header: null,
            password_hash: await hashPassword('open sesame'),
          }),
        ],
      },
    ]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`asks for the password in the product's style, then says when it is wrong (${size})`, async () => {
      const context = await newContext(browser, product, viewport);
      const page = await context.newPage();
      const answer = await page.goto(`/${code}`);
      expect(answer?.status()).toBe(401);
      await page.getByRole('heading', { name: 'This link is password protected' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'link-password');

      await page.getByLabel('Password').fill('not it');
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('alert').waitFor();
      expect(await page.getByRole('alert').textContent()).toBe('That password is not right. Please try again.');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'link-password-wrong');
      await context.close();
    }, 60_000);
  }

  it('lets a visitor without JavaScript in with the right password, and straight through next time', async () => {
    const context = await browser.newContext({ baseURL: product.baseUrl, javaScriptEnabled: false, userAgent: HUMAN_AGENT });
    const page = await context.newPage();
    await page.goto(`/${code}`);
    await page.getByLabel('Password').fill('open sesame');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/api/health');
    expect((await context.cookies()).map((cookie) => [cookie.name, cookie.path, cookie.httpOnly, cookie.sameSite])).toEqual([
      ['link_password', `/${code}`, true, 'Lax'],
    ]);
    const again = await page.goto(`/${code}`);
    expect(again?.url()).toMatch(/\/api\/health$/);
    expect((await t.platform.events.readStream('clicks-1')).length).toBe(2);
    await context.close();
  }, 60_000);
});
