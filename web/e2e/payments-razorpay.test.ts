import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cspViolations, launchBrowser, openSignedIn, registerByApi, screenshot, startProduct, type Product } from './harness.ts';
import { startRazorpayApiServer, type RazorpayApiServer } from '../../services/src/payments/testing/razorpay-api-server.ts';

/*
 * Razorpay mode in the browser: the real server with Razorpay's keys, its official client
 * pointed at a local Razorpay API. Razorpay's checkout.js cannot be fetched here, so the
 * browser is handed a stand-in at its address: it records the options the page opens it
 * with and completes the payment at the local Razorpay API, answering with the signed values
 * Razorpay would. Everything else — the script loaded on demand and let through the content
 * security policy, create-intent, verify, the plan badge — is the product's own.
 */

const KEYS = { keyId: 'rzp_test_Browser000001', keySecret: 'browser-key-secret', webhookSecret: 'browser-webhook-secret' };

const STAND_IN = `
window.Razorpay = function (options) {
  window.__razorpayOpened = (window.__razorpayOpened || []).concat([{ key: options.key, amount: options.amount, currency: options.currency, order_id: options.order_id, prefill: options.prefill }]);
  this.on = function () {};
  this.open = function () {
    window.payAtRazorpay(options.order_id).then(function (signed) { options.handler(signed); });
  };
};`;

describe('paying through Razorpay in the browser', () => {
  let razorpay: RazorpayApiServer;
  let product: Product;
  let browser: Browser;
  let scriptRequests = 0;

  beforeAll(async () => {
    razorpay = await startRazorpayApiServer(KEYS);
    [product, browser] = await Promise.all([
      startProduct({
        RAZORPAY_KEY_ID: KEYS.keyId,
        RAZORPAY_KEY_SECRET: KEYS.keySecret,
        RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
        RAZORPAY_API_URL: razorpay.url,
      }),
      launchBrowser(),
    ]);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
    await razorpay?.close();
  });

  async function pricingPage(): Promise<Page> {
    const token = await registerByApi(product, `rzp-${Date.now().toString(36)}@example.com`);
    const page = await openSignedIn(browser, product, token, '/pricing');
    await page.route('https://checkout.razorpay.com/v1/checkout.js', (route) => {
      scriptRequests += 1;
      return route.fulfill({ contentType: 'application/javascript', body: STAND_IN });
    });
    await page.exposeFunction(
      'payAtRazorpay',
      (orderId: string) => razorpay.registerPayment(orderId, 'captured', { method: 'upi', vpa: 'asha.rao@okicici' }).checkout,
    );
    return page;
  }

  it('loads checkout.js only when paying, opens it with the order, verifies and shows Pro', { timeout: 60_000 }, async () => {
    const page = await pricingPage();
    const logged: string[] = [];
    page.on('console', (message) => logged.push(message.text()));
    page.on('pageerror', (error) => logged.push(error.message));
    try {
      await page.locator('.plan-card[data-plan="pro"]').getByRole('button', { name: 'Choose Pro' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      await confirm.getByText('Amount to pay').waitFor();
      expect(await confirm.innerText()).not.toContain('test mode');
      expect(scriptRequests).toBe(0);

      await confirm.getByRole('button', { name: 'Pay ₹999' }).click();
      await page
        .locator('.toast')
        .filter({ hasText: 'Pro' })
        .first()
        .waitFor({ timeout: 10_000 })
        .catch(async (error: unknown) => {
          throw new Error(`${String(error)}\nconsole: ${logged.join(' | ')}\nscript requests: ${scriptRequests}\n${await page.locator('body').innerText()}`);
        });
      await expect.poll(() => page.getByRole('navigation', { name: 'Main navigation' }).locator('.plan-label').innerText()).toBe('Pro');
      expect(scriptRequests).toBe(1);
      const opened = await page.evaluate(() => (window as unknown as { __razorpayOpened: unknown[] }).__razorpayOpened);
      expect(opened).toEqual([expect.objectContaining({ key: KEYS.keyId, amount: 99_900, currency: 'INR', order_id: expect.stringMatching(/^order_/) })]);
      expect(razorpay.requests.some((request) => request.method === 'POST' && request.path === '/v1/orders')).toBe(true);
      expect(await cspViolations(page)).toEqual([]);
      await screenshot(page, 'payments-razorpay-paid');

      await page.goto('/payment-management?tab=methods');
      await page.getByText('UPI as****@okicici').first().waitFor();
      expect(await page.locator('main').innerText()).not.toContain('asha.rao');
    } finally {
      await page.context().close();
    }
  });
});
