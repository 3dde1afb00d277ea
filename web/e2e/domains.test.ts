import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDnsTestServer, type DnsTestServer } from '../../services/src/domains/dns/testing/dns-test-server.ts';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Custom domains and TRAI headers in the browser (docs/web-app.md#custom-domains,
 * docs/domains.md) on the real server, verified against a real DNS server on loopback:
 * the feature gate, add (and a refusal), the TXT token, a failing and a passing check,
 * Set as Active, Delete behind the confirmation; TRAI headers on our host and on a custom
 * domain; Developer Tools' domains tab with its DNS setup dialog and its trai tab; the
 * Create New URL dialog's own-domain option.
 */

const TARGET_IP = '203.0.113.7';
const CNAME_TARGET = 'domains.linkledger.in';

interface DomainItem {
  id: number;
  domain: string;
  dns_verified: boolean;
  is_active: boolean;
  dns_token: string;
}
interface TraiItem {
  id: number;
  header: string;
  domain: string | null;
  dns_verified: boolean;
  is_active: boolean;
}
interface LinkItem {
  id: number;
  short_code: string;
  short_url: string;
  custom_domain: string | null;
  trai_header: string | null;
}

type Viewport = { width: number; height: number };

describe('custom domains and TRAI headers in the browser', () => {
  let dns: DnsTestServer;
  /** The Pro account the flow builds on, test after test. */
  let pro: string;
  let host: string;
  let serial = 0;

  beforeAll(async () => {
    dns = await startDnsTestServer();
  });
  // Registered before the suite's: runs after the product has stopped.
  afterAll(() => dns?.close());
  const suite = useBrowserSuite('domains-root@example.com', () => ({
    DNS_SERVERS: dns.address,
    DOMAIN_TARGET_IPS: TARGET_IP,
    DOMAIN_CNAME_TARGET: CNAME_TARGET,
  }));
  beforeAll(async () => {
    host = new URL(suite.product.baseUrl).host;
    pro = await proAccount('pro');
  }, 120_000);

  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);

  /** A fresh account moved to Pro by the super admin. */
  async function proAccount(name: string): Promise<string> {
    const token = await registerByApi(suite.product, unique(name));
    const { id } = await call<{ id: number }>(token, 'GET', '/api/users/me');
    await call(suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'pro' });
    return token;
  }

  const open = (token: string, path: string, viewport: Viewport = DESKTOP) => openSignedIn(suite.browser, suite.product, token, path, viewport);

  /** A refused call's status and detail, straight from the server. */
  async function refusal(token: string, method: string, path: string, body: unknown): Promise<{ status: number; detail: string }> {
    const response = await fetch(`${suite.product.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: response.status, detail: ((await response.json()) as { detail: string }).detail };
  }

  const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
  const flash = (page: Page) => page.locator('.domains__flash');
  const domainRow = (page: Page, domain: string) => page.locator(`.domain-row[data-domain="${domain}"]`);
  const traiRow = (page: Page, header: string) => page.locator(`.trai-row[data-header="${header}"]`);
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
  const toast = (page: Page, title: string) => page.locator('.toast', { has: page.locator('.toast__title', { hasText: title }) });
  const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const publish = (domain: string, token: string) => {
    dns.set(`_linkledger-verify.${domain}`, 'TXT', [token]);
    dns.set(domain, 'A', [TARGET_IP]);
  };

  it('shows a Free user the feature gate on the custom tab, and on the trai tab up front that the plan does not include headers, its controls disabled', async () => {
    const token = await registerByApi(suite.product, unique('free'));
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(token, '/custom-domains', viewport);
      try {
        await page.getByRole('heading', { level: 1, name: 'Custom Domains and TRAI Compliance' }).waitFor();
        await page.getByRole('heading', { name: 'Feature Not Available' }).waitFor();
        expect(await page.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
        expect(await page.getByLabel('Domain', { exact: true }).count()).toBe(0);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'domains-gate');
      } finally {
        await page.context().close();
      }
    }

    // What the server answers an add with is said before anything is typed, and nothing can be typed.
    const refused = await refusal(token, 'POST', '/api/custom-domains/trai', { header: 'FREEME', domain_type: 'our_domain', custom_domain_id: null });
    expect(refused.status).toBe(403);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(token, '/custom-domains?tab=trai', viewport);
      try {
        const notice = page.getByTestId('plan-ended');
        await notice.getByRole('heading', { name: 'Your Free plan does not include TRAI headers' }).waitFor();
        expect(await text(notice)).toContain(refused.detail);
        expect(await notice.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
        for (const control of [
          page.getByLabel('Header', { exact: true }),
          page.getByRole('radio', { name: /Our domain/ }),
          page.getByRole('radio', { name: /My custom domain/ }),
          page.getByLabel(/DLT registration id/),
        ]) {
          expect(await control.isDisabled()).toBe(true);
        }
        expect(await page.getByRole('button', { name: 'Add TRAI Header' }).isDisabled()).toBe(true);
        expect(await noHorizontalOverflow(page)).toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'domains-trai-free');
      } finally {
        await page.context().close();
      }
    }
  }, 90_000);

  it('adds a domain, shows its TXT and A/CNAME records up front, fails and then passes the DNS check, sets it active and deletes another after asking', async () => {
    const page = await open(pro, '/custom-domains');
    try {
      await page.getByText('No custom domains yet').waitFor();
      const input = page.getByLabel('Domain', { exact: true });
      const add = page.getByRole('button', { name: 'Add Domain' });
      expect(await add.isDisabled()).toBe(true);
      await input.fill('   ');
      expect(await add.isDisabled()).toBe(true);
      expect(await text(page.locator('.domains__input .field__hint'))).toBe(`Enter your domain without http:// or ${host}`);

      // A name the server refuses: its detail is shown as it is.
      await input.fill('https://links.acme.in/path');
      await add.click();
      const refused = await refusal(pro, 'POST', '/api/custom-domains', { domain: 'https://links.acme.in/path' });
      expect(refused.status).toBe(400);
      await expect.poll(() => text(flash(page))).toBe(refused.detail);
      expect(await flash(page).getAttribute('data-tone')).toBe('error');

      await input.fill('  Links.Acme.in ');
      await add.click();
      await expect.poll(() => text(flash(page))).toBe('links.acme.in was added successfully. Publish its DNS records, then verify it.');
      expect(await input.inputValue()).toBe('');
      const row = domainRow(page, 'links.acme.in');
      await row.waitFor();
      const [added] = await call<DomainItem[]>(pro, 'GET', '/api/custom-domains');
      expect(added).toMatchObject({ domain: 'links.acme.in', dns_verified: false, is_active: false });
      expect(await text(row.locator('[data-state="unverified"]'))).toBe('Unverified');
      // Before any check, every record to publish: the TXT token, and the A record (or the CNAME instead) that points the domain here.
      const setup = row.locator('.dns-setup');
      const upFront = setup.locator('tbody tr');
      expect(await upFront.evaluateAll((rows) => rows.map((tr) => tr.getAttribute('data-type')))).toEqual(['TXT', 'A', 'CNAME']);
      expect(await text(upFront.nth(0).locator('td[data-label="Name"] code'))).toBe('_linkledger-verify.links.acme.in');
      expect(await text(upFront.nth(0).locator('td[data-label="Value"] code'))).toBe(added!.dns_token);
      expect(await text(upFront.nth(1).locator('td[data-label="Name"] code'))).toBe('links.acme.in');
      expect(await text(upFront.nth(1).locator('td[data-label="Value"] code'))).toBe(TARGET_IP);
      expect(await text(upFront.nth(2).locator('td[data-label="Value"] code'))).toBe(CNAME_TARGET);
      expect(await text(upFront.nth(2))).toContain('Or, instead of the A record');
      expect(await row.getByRole('button', { name: 'Set as Active' }).count()).toBe(0);
      // The token is copyable.
      await upFront.nth(0).getByRole('button', { name: "Copy the TXT record's value" }).click();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(added!.dns_token);
      await screenshot(page, 'domains-new-records');
      // The success line goes after 5 seconds.
      await flash(page).waitFor({ state: 'detached', timeout: 8000 });

      // Nothing published yet: the check fails, saying what to fix and which records to publish.
      await row.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => text(flash(page))).toBe('Verification failed. Please check: TXT record missing, domain not pointing here');
      const details = row.locator('.check-details');
      expect(await text(details)).toContain(`No TXT record found at _linkledger-verify.links.acme.in. Add a TXT record with the value ${added!.dns_token}.`);
      expect(await text(details)).toContain('links.acme.in does not point at this service');
      const records = details.locator('tbody tr');
      expect(await records.count()).toBe(3);
      expect(await text(records.nth(0).locator('td[data-label="Value"] code'))).toBe(added!.dns_token);
      expect(await text(records.nth(1).locator('td[data-label="Value"] code'))).toBe(TARGET_IP);
      expect(await text(records.nth(2).locator('td[data-label="Value"] code'))).toBe(CNAME_TARGET);
      expect(await records.nth(2).getAttribute('data-alternative')).toBe('true');
      expect(await text(records.nth(0).locator('td[data-label="TTL"]'))).toBe('3600 (1 hour)');
      expect(await text(details)).toContain('DNS changes can take up to 24 hours to propagate.');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'domains-verify-failed');

      // Published in DNS: the check passes, the token goes, Set as Active appears.
      publish('links.acme.in', added!.dns_token);
      await row.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => text(flash(page))).toBe('links.acme.in is verified successfully.');
      await row.locator('[data-state="verified"]').waitFor();
      expect(await row.locator('.dns-setup').count()).toBe(0);
      expect(await row.locator('.check-details').count()).toBe(0);

      await row.getByRole('button', { name: 'Set as Active' }).click();
      await expect.poll(() => text(flash(page))).toBe('links.acme.in is now your active domain.');
      await row.locator('[data-state="active"]').waitFor();
      expect(await row.getByRole('button', { name: 'Set as Active' }).count()).toBe(0);
      expect(await call<{ active_custom_domain: string | null }>(pro, 'GET', '/api/users/me/domain-info')).toMatchObject({
        active_custom_domain: 'links.acme.in',
      });

      // Delete asks first; Cancel keeps the domain.
      await input.fill('old.acme.in');
      await add.click();
      await domainRow(page, 'old.acme.in').waitFor();
      await domainRow(page, 'old.acme.in').getByRole('button', { name: 'Delete' }).click();
      const confirm = dialog(page, 'Delete custom domain');
      await confirm.waitFor();
      expect(await text(confirm)).toContain('old.acme.in');
      expect(await text(confirm)).toContain('This action cannot be undone.');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await confirm.waitFor({ state: 'hidden' });
      expect(await domainRow(page, 'old.acme.in').count()).toBe(1);
      await domainRow(page, 'old.acme.in').getByRole('button', { name: 'Delete' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await confirm.waitFor({ state: 'hidden' });
      await expect.poll(() => text(flash(page))).toBe('old.acme.in was deleted successfully.');
      await domainRow(page, 'old.acme.in').waitFor({ state: 'detached' });
      expect((await call<DomainItem[]>(pro, 'GET', '/api/custom-domains')).map((item) => item.domain)).toEqual(['links.acme.in']);
    } finally {
      await page.context().close();
    }

    // An unverified domain beside the verified one, for the screenshots; then gone again.
    const extra = await call<DomainItem>(pro, 'POST', '/api/custom-domains', { domain: 'new.acme.in' });
    for (const viewport of [DESKTOP, PHONE]) {
      const shot = await open(pro, '/custom-domains', viewport);
      try {
        await domainRow(shot, 'new.acme.in').locator('.dns-setup').waitFor();
        await domainRow(shot, 'links.acme.in').locator('[data-state="active"]').waitFor();
        expect(await noHorizontalOverflow(shot)).toBe(true);
        if (viewport === PHONE) expect(await seriousA11yViolations(shot)).toEqual([]);
        await screenshot(shot, 'domains-custom');
      } finally {
        await shot.context().close();
      }
    }
    await call(pro, 'DELETE', `/api/custom-domains/${extra.id}`);
  }, 120_000);

  it('adds TRAI headers on our domain (ready once an admin approves it) and on a verified custom domain (chosen, then verified)', async () => {
    const page = await open(pro, '/custom-domains?tab=trai');
    try {
      await page.getByText('No TRAI headers yet').waitFor();
      const header = page.getByLabel('Header', { exact: true });
      const add = page.getByRole('button', { name: 'Add TRAI Header' });
      expect(await header.getAttribute('maxlength')).toBe('6');
      await header.fill('acme');
      expect(await header.inputValue()).toBe('ACME');
      expect(await add.isDisabled()).toBe(true);
      await header.fill('acmein');
      expect(await header.inputValue()).toBe('ACMEIN');
      expect(await add.isDisabled()).toBe(false);
      expect(await text(page.locator('.trai-form__preview code'))).toBe(`${host}/ACMEIN/abc123`);

      await page.getByLabel('DLT registration id (optional)').fill('1101234567890123456');
      await add.click();
      await expect.poll(() => text(flash(page))).toBe('The TRAI header ACMEIN was added successfully. An administrator reviews it before links can use it.');
      const ours = traiRow(page, 'ACMEIN');
      await ours.waitFor();
      expect(await text(ours.locator('.trai-row__form'))).toBe(`${host}/ACMEIN/`);
      expect(await text(ours.locator('[data-state="awaiting_approval"]'))).toBe('Awaiting approval');
      expect(await text(ours.getByTestId('approval-notice'))).toBe(
        'An administrator checks the DLT registration 1101234567890123456 before links can use this header.',
      );
      expect(await ours.getByRole('button', { name: 'Set as Active' }).count()).toBe(0);
      await screenshot(page, 'domains-trai-awaiting-approval');
      // The super admin approves it (the queue has its own test below); the page shows it ready.
      const [pending] = await call<{ id: number; header: string }[]>(suite.rootToken, 'GET', '/api/admin/trai-approvals');
      expect(pending).toMatchObject({ header: 'ACMEIN', dlt_registration_id: '1101234567890123456' });
      await call(suite.rootToken, 'POST', `/api/admin/trai-approvals/${pending!.id}/approve`);
      await page.reload();
      await ours.waitFor();
      expect(await text(ours.locator('[data-state="ready"]'))).toBe('Ready');
      expect(await ours.getByRole('button', { name: 'Verify' }).count()).toBe(0);
      await ours.getByRole('button', { name: 'Set as Active' }).click();
      await expect.poll(() => text(flash(page))).toBe('ACMEIN is now your active TRAI header.');
      await ours.locator('[data-state="active"]').waitFor();

      // On a custom domain: one must be chosen (sent as its id), then the header is verified.
      await page.getByLabel('My custom domain').check();
      const select = page.getByLabel('Custom domain', { exact: true });
      await select.waitFor();
      expect(await select.locator('option').allTextContents()).toEqual(['Select a custom domain', 'links.acme.in']);
      await header.fill('acmepr');
      await add.click();
      await page.getByText('Please select a custom domain', { exact: true }).waitFor();
      await select.selectOption({ label: 'links.acme.in' });
      expect(await text(page.locator('.trai-form__preview code'))).toBe('links.acme.in/ACMEPR/abc123');
      await add.click();
      await expect.poll(() => text(flash(page))).toBe('The TRAI header ACMEPR was added successfully. Verify it to use it.');
      const onDomain = traiRow(page, 'ACMEPR');
      await onDomain.waitFor();
      expect(await text(onDomain.locator('.trai-row__form'))).toBe('links.acme.in/ACMEPR/');
      expect(await text(onDomain.locator('[data-state="pending"]'))).toBe('Pending verification');
      expect(await onDomain.getByRole('button', { name: 'Set as Active' }).count()).toBe(0);
      await onDomain.getByRole('button', { name: 'Verify' }).click();
      await expect.poll(() => text(flash(page))).toBe('The TRAI header ACMEPR is verified successfully.');
      await onDomain.locator('[data-state="verified"]').waitFor();
      expect(await onDomain.getByRole('button', { name: 'Verify' }).count()).toBe(0);

      // A refused header (the plan's two are in use): the server's detail.
      await page.getByLabel('Our domain').check();
      await header.fill('ACMEIN');
      await add.click();
      const refused = await refusal(pro, 'POST', '/api/custom-domains/trai', { header: 'ACMEIN', domain_type: 'our_domain', custom_domain_id: null });
      expect(refused.status).toBeGreaterThanOrEqual(400);
      await expect.poll(() => text(flash(page))).toBe(refused.detail);
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }

    const headers = await call<TraiItem[]>(pro, 'GET', '/api/custom-domains/trai');
    expect(headers.map((item) => [item.header, item.domain, item.dns_verified, item.is_active])).toEqual([
      ['ACMEIN', null, true, true],
      ['ACMEPR', 'links.acme.in', true, false],
    ]);

    for (const viewport of [DESKTOP, PHONE]) {
      const shot = await open(pro, '/custom-domains?tab=trai', viewport);
      try {
        await traiRow(shot, 'ACMEPR').waitFor();
        await shot.getByLabel('My custom domain').check();
        await shot.getByLabel('Custom domain', { exact: true }).selectOption({ label: 'links.acme.in' });
        await shot.getByLabel('Header', { exact: true }).fill('acmesm');
        expect(await noHorizontalOverflow(shot)).toBe(true);
        if (viewport === PHONE) expect(await seriousA11yViolations(shot)).toEqual([]);
        await screenshot(shot, 'domains-trai');
      } finally {
        await shot.context().close();
      }
    }
  }, 120_000);

  it('says so when a TRAI header on a custom domain has no verified domain to go on', async () => {
    const token = await proAccount('noverified');
    await call(token, 'POST', '/api/custom-domains', { domain: 'pending.example.in' });
    const page = await open(token, '/custom-domains?tab=trai');
    try {
      await page.getByLabel('My custom domain').check();
      await page.getByText('No verified custom domains available. Please verify a custom domain first.', { exact: true }).waitFor();
      expect(await page.getByLabel('Custom domain', { exact: true }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('manages domains in Developer Tools: the domain card, a DNS setup dialog with Verify Now (by CNAME), and the trai tab', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(pro, '/developer-tools', viewport);
      try {
        const status = page.locator('.domain-status');
        await expect.poll(() => status.locator('.badge').allInnerTexts(), { timeout: 10_000 }).toEqual(['links.acme.in', 'ACMEIN']);
        // The card says what the API does with them (services/src/links/public-api/api-link-place.test.ts proves it).
        // ACMEIN lives on our host and wins over the active domain: the card says where API links go now.
        expect(await text(status.getByTestId('api-links-at'))).toBe(`${suite.product.baseUrl}/ACMEIN/`);
        await screenshot(page, 'developer-tools-active-place');
        await page.getByRole('tab', { name: 'Domains' }).click();
        await domainRow(page, 'links.acme.in').waitFor();
        expect(await noHorizontalOverflow(page)).toBe(true);
        await screenshot(page, 'developer-domains');
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
        await page.getByRole('tab', { name: 'TRAI' }).click();
        await traiRow(page, 'ACMEPR').waitFor();
        expect(await traiRow(page, 'ACMEIN').locator('[data-state="active"]').count()).toBe(1);
        await screenshot(page, 'developer-domains-trai');
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
      } finally {
        await page.context().close();
      }
    }

    const page = await open(pro, '/developer-tools?tab=domains');
    try {
      // Added here, reported by toast.
      await page.getByLabel('Domain', { exact: true }).fill('shop.acme.in');
      await page.getByRole('button', { name: 'Add Domain' }).click();
      await toast(page, 'Domain Added').waitFor();
      const row = domainRow(page, 'shop.acme.in');
      await row.waitFor();
      const shop = (await call<DomainItem[]>(pro, 'GET', '/api/custom-domains')).find((item) => item.domain === 'shop.acme.in')!;

      // The dialog shows the records to publish, from the domain itself.
      await row.getByRole('button', { name: 'DNS setup' }).click();
      const setup = dialog(page, 'DNS setup for shop.acme.in');
      await setup.waitFor();
      const records = setup.locator('tbody tr');
      await expect.poll(() => records.count(), { timeout: 10_000 }).toBe(3);
      expect(await records.evaluateAll((rows) => rows.map((row) => row.getAttribute('data-type')))).toEqual(['TXT', 'A', 'CNAME']);
      expect(await text(records.nth(0).locator('td[data-label="Name"] code'))).toBe('_linkledger-verify.shop.acme.in');
      expect(await text(records.nth(0).locator('td[data-label="Value"] code'))).toBe(shop.dns_token);
      expect(await text(records.nth(2).locator('td[data-label="Value"] code'))).toBe(CNAME_TARGET);
      expect(await text(records.nth(2))).toContain('Or, instead of the A record');
      expect(await records.locator('td[data-label="TTL"]').allTextContents()).toEqual(['3600 (1 hour)', '3600 (1 hour)', '3600 (1 hour)']);
      expect(await text(setup)).toContain('DNS changes can take up to 24 hours to propagate.');
      // Opening the dialog asks DNS nothing: the domain is as it was until Verify Now.
      expect(await setup.locator('.dns-setup__missing').count()).toBe(0);

      await setup.getByRole('button', { name: 'Verify Now' }).click();
      await expect.poll(() => text(setup.locator('.domains__flash'))).toBe('Verification failed. Please check: TXT record missing, domain not pointing here');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'developer-domains-dns-pending');

      // The TXT record and the CNAME alternative: verified.
      dns.set('_linkledger-verify.shop.acme.in', 'TXT', [shop.dns_token]);
      dns.set('shop.acme.in', 'CNAME', [CNAME_TARGET]);
      await setup.getByRole('button', { name: 'Verify Now' }).click();
      await expect.poll(() => text(setup.locator('.domains__flash'))).toBe('shop.acme.in is verified successfully.');
      await toast(page, 'Domain Verified').waitFor();
      expect(await text(setup.locator('.dns-setup__status'))).toContain('Verified');
      await setup.getByRole('button', { name: 'Done' }).click();
      await setup.waitFor({ state: 'hidden' });
      await row.locator('[data-state="verified"]').waitFor();
      await row.getByRole('button', { name: 'Set as Active' }).waitFor();
    } finally {
      await page.context().close();
    }

    for (const viewport of [DESKTOP, PHONE]) {
      const shot = await open(pro, '/developer-tools?tab=domains', viewport);
      try {
        await domainRow(shot, 'links.acme.in').getByRole('button', { name: 'DNS setup' }).click();
        const setup = dialog(shot, 'DNS setup for links.acme.in');
        await expect.poll(() => setup.locator('tbody tr').count(), { timeout: 10_000 }).toBe(3);
        await setup.getByRole('button', { name: 'Verify Now' }).click();
        await expect.poll(() => text(setup.locator('.domains__flash'))).toBe('links.acme.in is verified successfully.');
        if (viewport === PHONE) expect(await seriousA11yViolations(shot)).toEqual([]);
        // The dialog scrolls on its own: its top in the picture.
        await setup.evaluate((element) => element.scrollTo(0, 0));
        await screenshot(shot, 'developer-domains-dns');
      } finally {
        await shot.context().close();
      }
    }
  }, 150_000);

  it('offers the verified domains and headers in the Create New URL dialog, and shows a link’s domain in Edit URL', async () => {
    // Does the server place links yet? (Another change teaches it custom_domain and trai_header.)
    const probe = await call<LinkItem>(pro, 'POST', '/api/urls', { original_url: 'https://example.com/probe', custom_domain: 'links.acme.in' });
    expect(probe.custom_domain, `POST /api/urls with custom_domain answered ${JSON.stringify(probe)}`).toBe('links.acme.in');

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(pro, '/dashboard', viewport);
      try {
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        if (viewport === PHONE) await page.getByRole('button', { name: 'Open navigation' }).click();
        await nav.getByRole('button', { name: 'Create Link' }).click();
        const create = dialog(page, 'Create New URL');
        await create.waitFor();
        const own = create.getByLabel('Use my own domain');
        await own.waitFor();
        expect(await own.isChecked()).toBe(false);
        expect(await text(create.locator('.create-form__preview-url'))).toBe(`${host}/…`);
        await own.check();
        const place = create.getByLabel('Domain or TRAI header');
        expect(await place.locator('option').allTextContents()).toEqual([
          'links.acme.in',
          'shop.acme.in',
          `TRAI header ACMEIN (${host})`,
          'TRAI header ACMEPR (links.acme.in)',
        ]);
        // The active header is chosen first.
        expect(await place.locator('option:checked').textContent()).toBe(`TRAI header ACMEIN (${host})`);
        expect(await text(create.locator('.create-form__preview-url'))).toBe(`${host}/ACMEIN/…`);
        await place.selectOption({ label: 'links.acme.in' });
        await create.getByLabel('Custom back-half').fill(`branded-${viewport.width}`);
        expect(await text(create.locator('.prefixed-input__prefix'))).toBe('links.acme.in/');
        expect(await text(create.locator('.create-form__preview-url'))).toBe(`links.acme.in/branded-${viewport.width}`);
        await create.getByLabel('Destination URL').fill('https://example.com/branded');
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'domains-create-link');
        await create.getByRole('button', { name: 'Create URL' }).click();
        await create.getByText('URL created successfully!').waitFor();
        expect(await text(create.locator('.short-link'))).toContain(`links.acme.in/branded-${viewport.width}`);
        await create.waitFor({ state: 'hidden', timeout: 5000 });
      } finally {
        await page.context().close();
      }
    }

    // A TRAI header on our host.
    const page = await open(pro, '/dashboard');
    try {
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('button', { name: 'Create Link' }).click();
      const create = dialog(page, 'Create New URL');
      await create.getByLabel('Use my own domain').check();
      await create.getByLabel('Destination URL').fill('https://example.com/sms');
      await create.getByLabel('Custom back-half').fill('sms-offer');
      await create.getByRole('button', { name: 'Create URL' }).click();
      await create.getByText('URL created successfully!').waitFor();
      await create.waitFor({ state: 'hidden', timeout: 5000 });

      const links = await call<LinkItem[]>(pro, 'GET', '/api/urls?limit=100');
      const branded = links.find((link) => link.short_code === `branded-${DESKTOP.width}`);
      expect(branded).toMatchObject({ custom_domain: 'links.acme.in', trai_header: null, short_url: `https://links.acme.in/branded-${DESKTOP.width}` });
      const sms = links.find((link) => link.short_code === 'sms-offer');
      expect(sms).toMatchObject({ trai_header: 'ACMEIN', custom_domain: null, short_url: `${suite.product.baseUrl}/ACMEIN/sms-offer` });

      // Edit shows where the link is served, read-only.
      await page.locator(`[data-short-code="branded-${DESKTOP.width}"]`).getByRole('button', { name: /^Edit/ }).click();
      const edit = dialog(page, 'Edit URL');
      await edit.waitFor();
      expect(await text(edit.getByTestId('edit-placement'))).toBe('Served on links.acme.in/ (custom domain, fixed when the link was created)');
      expect(await edit.getByLabel('Use my own domain').count()).toBe(0);
      await screenshot(page, 'domains-edit-link');
    } finally {
      await page.context().close();
    }
  }, 120_000);
  it('keeps a downgraded user’s domains and headers listed read-only, with the plan notice and Delete that says the links stop working', async () => {
    const token = await proAccount('downgraded');
    const { id: userId } = await call<{ id: number }>(token, 'GET', '/api/users/me');
    const domain = await call<DomainItem>(token, 'POST', '/api/custom-domains', { domain: 'kept.acme.in' });
    publish('kept.acme.in', domain.dns_token);
    await call(token, 'POST', `/api/custom-domains/${domain.id}/verify`);
    const header = await call<TraiItem>(token, 'POST', '/api/custom-domains/trai', {
      header: 'KEPTIN',
      domain_type: 'our_domain',
      dlt_registration_id: '1101000000000000777',
    });
    await call(suite.rootToken, 'POST', `/api/admin/trai-approvals/${header.id}/approve`);
    await call(token, 'POST', '/api/urls', { original_url: 'https://example.com/kept', custom_domain: 'kept.acme.in', short_code: 'kept-link' });
    await call(suite.rootToken, 'POST', `/api/admin/users/${userId}/change-plan`, { plan_type: 'free' });

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(token, '/custom-domains', viewport);
      try {
        const notice = page.getByTestId('plan-ended');
        await notice.waitFor();
        expect(await text(notice.getByRole('heading'))).toBe('Your plan no longer includes custom domains');
        expect(await notice.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
        expect(await page.getByRole('heading', { name: 'Feature Not Available' }).count()).toBe(0);
        const row = domainRow(page, 'kept.acme.in');
        await row.locator('[data-state="verified"]').waitFor();
        expect(await row.getByRole('button').allInnerTexts()).toEqual(['Delete']);
        expect(await page.getByLabel('Domain', { exact: true }).count()).toBe(0);
        expect(await noHorizontalOverflow(page)).toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'domains-downgraded');

        await page.getByRole('tab', { name: 'TRAI Headers' }).click();
        const trai = traiRow(page, 'KEPTIN');
        await trai.waitFor();
        expect(await text(page.getByTestId('plan-ended').getByRole('heading'))).toBe('Your plan no longer includes TRAI headers');
        expect(await trai.getByRole('button').allInnerTexts()).toEqual(['Delete']);
        expect(await page.getByLabel('Header', { exact: true }).count()).toBe(0);
        expect(await noHorizontalOverflow(page)).toBe(true);
        await screenshot(page, 'domains-trai-downgraded');
      } finally {
        await page.context().close();
      }
    }

    // Delete still works, and its dialog says what stops.
    const page = await open(token, '/custom-domains');
    try {
      await domainRow(page, 'kept.acme.in').getByRole('button', { name: 'Delete' }).click();
      const confirm = dialog(page, 'Delete custom domain');
      await confirm.waitFor();
      expect(await text(confirm)).toContain('Its existing short links and TRAI headers stop working at once');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await expect.poll(() => text(flash(page))).toBe('kept.acme.in was deleted successfully.');
      await page.getByText('No custom domains left').waitFor();
      await domainRow(page, 'kept.acme.in').waitFor({ state: 'detached' });
    } finally {
      await page.context().close();
    }
    // Nothing kept: on the next visit, the upgrade prompt as for any Free user.
    const later = await open(token, '/custom-domains');
    try {
      await later.getByRole('heading', { name: 'Feature Not Available' }).waitFor();
    } finally {
      await later.context().close();
    }
  }, 120_000);

  it('gives admins the TRAI approval queue: each header with its owner and DLT registration id, approved or rejected with a reason', async () => {
    const bank = await proAccount('bank');
    const bankEmail = (await call<{ email: string }>(bank, 'GET', '/api/users/me')).email;
    await call(bank, 'POST', '/api/custom-domains/trai', { header: 'BANKIN', domain_type: 'our_domain', dlt_registration_id: '1101000000000000123' });
    const squatter = await proAccount('squatter');
    await call(squatter, 'POST', '/api/custom-domains/trai', { header: 'HDFCBK', domain_type: 'our_domain' });

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(suite.rootToken, '/admin?tab=trai-approvals', viewport);
      try {
        const row = page.locator('tr[data-header="BANKIN"]');
        await row.waitFor();
        expect(await text(row.locator('td[data-label="Owner"]'))).toBe(bankEmail);
        expect(await text(row.locator('td[data-label="DLT registration id"]'))).toBe('1101000000000000123');
        expect(await text(page.locator('tr[data-header="HDFCBK"] td[data-label="DLT registration id"]'))).toBe('None given');
        expect(await text(page.locator('.admin__count'))).toBe('2 headers await approval');
        expect(await noHorizontalOverflow(page)).toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'admin-trai-approvals');
      } finally {
        await page.context().close();
      }
    }

    const page = await open(suite.rootToken, '/admin?tab=trai-approvals');
    try {
      await page.getByRole('button', { name: 'Approve BANKIN' }).click();
      await expect.poll(() => text(page.locator('.status-message'))).toBe("The TRAI header BANKIN was approved successfully: its owner's links can use it.");
      await page.locator('tr[data-header="BANKIN"]').waitFor({ state: 'detached' });
      await page.getByRole('button', { name: 'Reject HDFCBK' }).click();
      const reject = dialog(page, 'Reject HDFCBK');
      await reject.getByLabel('Reason (shown to the user)').fill('No DLT registration for this header on your account.');
      await reject.getByRole('button', { name: 'Reject' }).click();
      await expect
        .poll(() => text(page.locator('.status-message')))
        .toBe('The TRAI header HDFCBK was rejected successfully: it serves nothing, and the header is free again.');
      await page.getByText('No TRAI headers await approval.').waitFor();
    } finally {
      await page.context().close();
    }
    expect((await call<TraiItem[]>(bank, 'GET', '/api/custom-domains/trai'))[0]).toMatchObject({ header: 'BANKIN', dns_verified: true });
    const [rejected] = await call<(TraiItem & { approval: string; rejection_reason: string })[]>(squatter, 'GET', '/api/custom-domains/trai');
    expect(rejected).toMatchObject({ header: 'HDFCBK', approval: 'rejected', rejection_reason: 'No DLT registration for this header on your account.' });

    // The owner reads why on their own page.
    const own = await open(squatter, '/custom-domains?tab=trai');
    try {
      const row = traiRow(own, 'HDFCBK');
      await row.locator('[data-state="rejected"]').waitFor();
      expect(await text(row.getByTestId('approval-notice'))).toBe(
        'Rejected by an administrator: No DLT registration for this header on your account. Delete it, or register it again with your DLT registration id.',
      );
    } finally {
      await own.context().close();
    }
  }, 120_000);
});
