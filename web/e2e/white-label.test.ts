import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsTestServer, type DnsTestServer } from '../../services/src/domains/dns/testing/dns-test-server.ts';
import { givePlan } from '../../services/src/testing/plans.ts';
import { signUp, startTestApp, type Session, type TestApp } from '../../services/src/testing/test-app.ts';
import { discPng } from '../../services/src/testing/test-images.ts';
import { TARGET_IP, verifiedDomain } from '../../services/src/testing/verified-domain.ts';
import { CHROMIUM, DESKTOP, PHONE, newContext, openSignedIn, screenshot, seriousA11yViolations, type Product } from './harness.ts';

const DOMAIN = 'go.acme.in';

/**
 * White label (docs/pages.md#white-label) in a real browser: the owner sets the brand in the
 * workspace settings with its live preview, then a visitor on the workspace's custom domain
 * (the browser resolves it to this server) meets the branded 404 and password pages.
 */
describe('white label', () => {
  let dns: DnsTestServer;
  let t: TestApp;
  let browser: Browser;
  let product: Product;
  let owner: Session;
  let code: string;
  let port: string;

  beforeAll(async () => {
    dns = await startDnsTestServer();
    t = await startTestApp({ DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: TARGET_IP, REGISTRATIONS_PER_IP: '0' });
    const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = new URL(baseUrl).port;
    product = { baseUrl, dataDir: t.dataDir, stop: () => t.close() };
    // The customer's domain resolves to this server in the browser, as its DNS would in the world.
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', `--host-resolver-rules=MAP ${DOMAIN} 127.0.0.1`],
    });
    owner = await signUp(t.app, 'acme@example.com');
    await givePlan(t.platform, owner.user.id, 'enterprise');
    const api = (method: 'POST', url: string, payload?: object) => t.app.inject({ method, url, headers: owner.headers, ...(payload ? { payload } : {}) });
    await verifiedDomain(t.app, dns, owner, DOMAIN);
    const link = await api('POST', '/api/urls', { original_url: 'https://example.com/spring', custom_domain: DOMAIN, password: 'open sesame' });
    expect(link.statusCode, link.body).toBe(201);
    code = link.json().short_code;
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
    await dns?.close();
  });

  it('sets the brand in the workspace settings, with a preview of the visitor page', async () => {
    const page = await openSignedIn(browser, product, owner.token, '/settings?tab=workspace');
    const card = page.getByRole('region', { name: 'Branding' });
    await card.getByLabel('Name shown to visitors').fill('Acme <Spring> & Co');
    await card.getByLabel('Primary colour').fill('#7a1f5c');
    await card.getByLabel('Background colour').fill('#fdf2f8');
    await card.getByLabel('Logo').setInputFiles({ name: 'acme.png', mimeType: 'image/png', buffer: discPng(96) });
    await card.getByText('Logo uploaded: save the brand to show it.').waitFor();
    const preview = card.getByRole('figure', { name: "Preview of a visitor's page" });
    expect(await preview.textContent()).toContain('Acme <Spring> & Co');
    await card.getByRole('button', { name: 'Save brand' }).click();
    await card.getByText('Brand saved: visitors on your domains now see it.').waitFor();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'white-label-settings');
    await page.context().close();

    const phone = await openSignedIn(browser, product, owner.token, '/settings?tab=workspace', PHONE);
    await phone.getByRole('figure', { name: "Preview of a visitor's page" }).getByText('Acme <Spring> & Co').waitFor();
    await screenshot(phone, 'white-label-settings');
    await phone.context().close();
  }, 90_000);

  it('shows a workspace without white label why it cannot set a brand, and where to upgrade', async () => {
    const pro = await signUp(t.app, 'pro@example.com');
    await givePlan(t.platform, pro.user.id, 'pro');
    const page = await openSignedIn(browser, product, pro.token, '/settings?tab=workspace', PHONE);
    const card = page.getByRole('region', { name: 'Branding' });
    await card.getByText('White label is part of the Enterprise plan. Upgrade to show your own brand to visitors.').waitFor();
    expect(await card.getByRole('link', { name: 'View plans' }).getAttribute('href')).toBe('/pricing');
    expect(await card.getByLabel('Name shown to visitors').isDisabled()).toBe(true);
    expect(await card.getByRole('button', { name: 'Save brand' }).count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'white-label-upgrade');
    await page.context().close();
  }, 60_000);

  for (const [size, viewport] of [
    ['phone', PHONE],
    ['desktop', DESKTOP],
  ] as const) {
    it(`shows the 404 and password pages on the customer's domain under its brand, with nothing of ours (${size})`, async () => {
      const context = await newContext(browser, { ...product, baseUrl: `http://${DOMAIN}:${port}` }, viewport);
      const page = await context.newPage();
      for (const [path, status, name] of [
        ['/no-such-code', 404, 'white-label-404'],
        [`/${code}`, 401, 'white-label-password'],
      ] as const) {
        const answer = await page.goto(path);
        expect(answer?.status()).toBe(status);
        const brand = page.locator('.brand');
        expect(await brand.textContent()).toBe('Acme <Spring> & Co');
        expect(await page.content()).not.toMatch(/linkledger/i);
        // The logo loaded from the domain itself, under the page's policy.
        await expect.poll(() => brand.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(96);
        expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(253, 242, 248)');
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, name);
      }
      await context.close();
    }, 60_000);
  }
});
