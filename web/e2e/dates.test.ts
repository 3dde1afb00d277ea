import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/**
 * Dates are en-IN on every screen, one shape per kind (docs/web-app.md#formats): no screen
 * shows "Nov 27, 2026" beside "27 Nov 2026".
 */
describe('dates on the screens', () => {
  const suite = useBrowserSuite();
  let payerToken = '';

  beforeAll(async () => {
    payerToken = await registerByApi(suite.product, 'payer@example.com');
    const payer = await apiCall<{ id: number }>(suite.product, payerToken, 'GET', '/api/users/me');
    await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${payer.id}/change-plan`, { plan_type: 'pro' });
    await apiCall(suite.product, payerToken, 'POST', '/api/urls', { original_url: 'https://example.com/dated', title: 'Dated' });
  }, 120_000);

  const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
  /** The en-US shapes: "Nov 27, 2026", "November 27, 2026", "Nov 27" before a comma or year. */
  const US_DATE = new RegExp(`\\b${MONTH}[a-z]* \\d{1,2}, \\d{4}\\b`);
  const IN_DAY = new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}\\b`);
  const bodyText = (page: Page) => page.locator('main').innerText();

  /** Each screen, what shows it has loaded, and whether it surely shows a day (a plan changed by an admin has no period end). */
  const screens = [
    { name: 'dashboard', path: '/dashboard', ready: (page: Page) => page.locator('[data-link-id] time').first().waitFor(), hasDay: true },
    { name: 'limits', path: '/limits', ready: (page: Page) => page.getByText('Usage resets on').waitFor(), hasDay: true },
    {
      name: 'settings-security',
      path: '/settings?tab=security',
      ready: (page: Page) =>
        page
          .getByText(/signed in \d/)
          .first()
          .waitFor(),
      hasDay: true,
    },
    { name: 'settings-billing', path: '/settings?tab=billing', ready: (page: Page) => page.getByTestId('billing-plan').waitFor(), hasDay: false },
    {
      name: 'payments-subscription',
      path: '/payment-management?tab=subscription',
      ready: (page: Page) => expect.poll(() => bodyText(page)).toMatch(/Pro/),
      hasDay: false,
    },
  ];

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`writes every date the en-IN way, never the en-US way (${size})`, async () => {
      for (const screen of screens) {
        const page = await openSignedIn(suite.browser, suite.product, payerToken, screen.path, viewport);
        await screen.ready(page);
        const text = await bodyText(page);
        expect(text, screen.name).not.toMatch(US_DATE);
        if (screen.hasDay) expect(text, screen.name).toMatch(IN_DAY);
        await screenshot(page, `dates-${screen.name}`);
        await page.context().close();
      }
      // The admin's user list: the day an account was made, as every other screen writes a day.
      const admin = await openSignedIn(suite.browser, suite.product, suite.rootToken, '/admin?tab=users', viewport);
      await admin.getByText('payer@example.com').first().waitFor();
      const text = await bodyText(admin);
      expect(text).not.toMatch(US_DATE);
      expect(text).toMatch(IN_DAY);
      await screenshot(admin, 'dates-admin-users');
      await admin.context().close();
    }, 180_000);
  }
});
