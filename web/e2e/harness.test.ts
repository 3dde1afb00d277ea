import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newContext, startProduct, type Product } from './harness.ts';

describe('browser harness', () => {
  let product: Product;
  let browser: Browser;
  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('opens the real product in Debian’s Chromium', async () => {
    const context = await newContext(browser, product);
    const page = await context.newPage();
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect.poll(() => page.title()).toContain('Linkledger');
    await context.close();
  });
});
