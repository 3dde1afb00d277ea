import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, registerByApi, startProduct, type Product } from './harness.ts';

/** One describe block's real product and browser, and the token of the installation's first account (its super admin). */
export interface BrowserSuite {
  product: Product;
  browser: Browser;
  rootToken: string;
}

/**
 * Starts the product and the browser before the describe block's tests and registers `rootEmail`
 * first, so it is the super admin; closes both after. The fields are filled in once `beforeAll` has run.
 * `env` is read then too, so it may name what an earlier `beforeAll` started (a DNS server, say).
 */
export function useBrowserSuite(rootEmail = 'root@example.com', env: () => Record<string, string> = () => ({})): BrowserSuite {
  const suite = {} as BrowserSuite;
  beforeAll(async () => {
    [suite.product, suite.browser] = await Promise.all([startProduct(env()), launchBrowser()]);
    suite.rootToken = await registerByApi(suite.product, rootEmail);
  }, 120_000);
  afterAll(async () => {
    await suite.browser?.close();
    await suite.product?.stop();
  });
  return suite;
}
