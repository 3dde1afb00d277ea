import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, registerByApi, screenshot, seriousA11yViolations, openSignedIn } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The admin panel (docs/web-app.md#admin-panel, docs/admin.md) on the real server: who gets
 * in, the badge, every tab driven as an admin would, at desktop and phone sizes.
 */

type Viewport = { width: number; height: number };

describe('admin panel in the browser', () => {
  const suite = useBrowserSuite();
  let serial = 0;

  const call = <T>(method: string, path: string, body?: unknown, token = suite.rootToken) => apiCall<T>(suite.product, token, method, path, body);
  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const idOf = async (token: string) => (await call<{ id: number }>('GET', '/api/users/me', undefined, token)).id;

  const open = (token: string, path: string, viewport: Viewport = DESKTOP) => openSignedIn(suite.browser, suite.product, token, path, viewport);

  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
  const status = (page: Page) => page.locator('.status-message').first();

  it('refuses a user with Access Denied and their role, and shows no Admin Panel in their sidebar', async () => {
    const token = await registerByApi(suite.product, unique('plain'));
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(token, '/admin', viewport);
      try {
        await page.getByText('Access Denied').waitFor();
        expect(await page.locator('.admin--denied').innerText()).toContain("You don't have permission to access the admin panel.");
        expect(await page.locator('.admin--denied').innerText()).toContain('Your role: User');
        expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'admin-denied');
      } finally {
        await page.context().close();
      }
    }
  });

  it('shows the super admin the badge and live totals, and switches registration off and on', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(suite.rootToken, '/admin', viewport);
      try {
        await page.locator('.admin__badge', { hasText: 'Super Admin' }).waitFor();
        // The sidebar's item, and the user menu's link that opens the panel in a new tab.
        if (viewport === DESKTOP)
          expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin Panel' }).count()).toBe(2);
        const users = page.locator('[data-tile="Total Users"] .tile__value');
        await expect.poll(() => users.innerText(), { timeout: 10_000 }).toMatch(/^\d+$/);
        const before = Number(await users.innerText());
        await registerByApi(suite.product, unique('newcomer'));
        // No reload: the tile follows within a few seconds.
        await expect.poll(async () => Number(await users.innerText()), { timeout: 12_000 }).toBe(before + 1);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'admin-overview');
      } finally {
        await page.context().close();
      }
    }

    const page = await open(suite.rootToken, '/admin');
    try {
      await page.getByRole('button', { name: 'Disable registration' }).click();
      await page.getByText('Registration disabled successfully').waitFor();
      expect(await status(page).getAttribute('class')).toContain('status-message--success');
      expect(((await (await fetch(`${suite.product.baseUrl}/api/public/signup-status`)).json()) as { signup_enabled: boolean }).signup_enabled).toBe(false);
      // The confirmation goes after 3 seconds.
      await page.getByText('Registration disabled successfully').waitFor({ state: 'detached', timeout: 5000 });
      await page.getByRole('button', { name: 'Enable registration' }).click();
      await page.getByText('Registration enabled successfully').waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('manages users: search, page size, suspend and activate, the admin role and the plan', async () => {
    const email = unique('managed');
    const token = await registerByApi(suite.product, email);
    for (let i = 0; i < 6; i++) await registerByApi(suite.product, unique('crowd'));

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(suite.rootToken, '/admin?tab=users', viewport);
      try {
        await tab(page, 'User Management').waitFor();
        expect(await tab(page, 'User Management').getAttribute('aria-selected')).toBe('true');
        await page.getByLabel('Per page').selectOption('5');
        await expect.poll(() => page.locator('.admin__table tbody tr').count()).toBe(5);
        expect(await page.getByRole('navigation', { name: 'Pages of users' }).isVisible()).toBe(true);
        await page.getByLabel('Search by e-mail or plan').fill(email);
        await expect.poll(() => page.locator('.admin__table tbody tr').count()).toBe(1);
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'admin-users');
      } finally {
        await page.context().close();
      }
    }

    const page = await open(suite.rootToken, '/admin?tab=users');
    try {
      await page.getByLabel('Search by e-mail or plan').fill(email);
      const row = page.locator(`tr[data-user="${email}"]`);
      await row.waitFor();
      await row.getByRole('button', { name: 'Suspend' }).click();
      await page.getByText('User suspended successfully').waitFor();
      await row.getByText('suspended').waitFor();
      expect((await fetch(`${suite.product.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
      await row.getByRole('button', { name: 'Activate' }).click();
      await page.getByText('User activated successfully').waitFor();
      expect((await fetch(`${suite.product.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

      await row.getByRole('button', { name: 'Make admin' }).click();
      await page.getByText('Admin role granted successfully').waitFor();
      expect((await call<{ role: string }>('GET', '/api/users/me', undefined, token)).role).toBe('admin');
      await row.getByLabel(`Plan of ${email}`).selectOption('pro');
      await page.getByRole('dialog', { name: 'Change plan to Pro?' }).getByRole('button', { name: 'Change to Pro' }).click();
      await page.getByText('Plan changed successfully: the user is now on the pro plan.').waitFor();
      // A failed action says so in red, with the server's reason.
      await page.getByLabel('Search by e-mail or plan').fill('root@example.com');
      const rootRow = page.locator('tr[data-user="root@example.com"]');
      await rootRow.waitFor();
      expect(await rootRow.getByRole('button').count()).toBe(0);
    } finally {
      await page.context().close();
    }
    expect(await idOf(token)).toBeGreaterThan(0);
  });

  it('links the panel from the user menu by role, never by plan: an Enterprise user without the role gets no link', async () => {
    const enterpriseEmail = unique('enterprise');
    const enterprise = await registerByApi(suite.product, enterpriseEmail);
    await call('POST', `/api/admin/users/${await idOf(enterprise)}/change-plan`, { plan_type: 'enterprise' });
    const admin = await registerByApi(suite.product, unique('menu-admin'));
    await call('PUT', `/api/admin/users/${await idOf(admin)}/role`, { role: 'admin' });

    const page = await open(enterprise, '/dashboard');
    try {
      // The user is known (the menu names them) and on Enterprise: still no link.
      await page.locator('.user-menu__email', { hasText: enterpriseEmail }).waitFor();
      expect(await page.getByRole('link', { name: 'Admin Panel' }).count()).toBe(0);
    } finally {
      await page.context().close();
    }
    for (const token of [admin, suite.rootToken]) {
      const page = await open(token, '/dashboard');
      try {
        const link = page.locator('.user-menu').getByRole('link', { name: 'Admin Panel' });
        await link.waitFor();
        expect(await link.getAttribute('target')).toBe('_blank');
        expect(await link.getAttribute('href')).toBe('/admin');
      } finally {
        await page.context().close();
      }
    }
  });

  /** Opens a tab of the panel at both sizes, checks it fits a phone and passes axe, and saves its screenshots. */
  async function eachSize(path: string, ready: (page: Page) => Promise<void>, name: string, token = suite.rootToken) {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(token, path, viewport);
      try {
        await ready(page);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, name);
      } finally {
        await page.context().close();
      }
    }
  }

  it('sets one user’s limits by e-mail: the look-up rules, figures that apply at once, and the reset', async () => {
    const email = unique('limited');
    const token = await registerByApi(suite.product, email);
    const page = await open(suite.rootToken, '/admin?tab=user-limits');
    try {
      await page.getByRole('button', { name: 'Update limits' }).click();
      await page.getByText('Please get user limits first').waitFor();
      await page.getByRole('button', { name: 'Get limits' }).click();
      await page.getByText('Please enter a user email').waitFor();
      await page.getByLabel('User e-mail').fill('nobody-here@example.com');
      await page.getByRole('button', { name: 'Get limits' }).click();
      await page.getByText('User not found').waitFor();
      await page.getByLabel('User e-mail').fill(email);
      await page.getByRole('button', { name: 'Get limits' }).click();
      // The look-up fills the form: wait for it before typing.
      await page.getByLabel('Plan and limits in force').getByText('Free').waitFor();
      await page.getByLabel('Monthly links').fill('1');
      await page.getByLabel('API calls per minute').fill('0');
      await page.getByRole('button', { name: 'Update limits' }).click();
      await page.getByText('User limits updated successfully').waitFor();
      const limits = await call<{ custom_monthly_links_limit: number | null; custom_api_calls_per_minute: number | null }>(
        'GET',
        `/api/admin/api/users/${await idOf(token)}/limits`,
      );
      expect([limits.custom_monthly_links_limit, limits.custom_api_calls_per_minute]).toEqual([1, null]);
      await call('POST', '/api/urls', { original_url: 'https://example.com/one' }, token);
      await expect(call('POST', '/api/urls', { original_url: 'https://example.com/two' }, token)).rejects.toThrow(/403/);
      await page.getByRole('button', { name: 'Reset to plan' }).click();
      await page.getByText('User limits reset successfully').waitFor();
    } finally {
      await page.context().close();
    }
    await eachSize('/admin?tab=user-limits', async (page) => page.getByRole('button', { name: 'Get limits' }).waitFor(), 'admin-user-limits');
  });

  it('adds a sign-in provider that the login screen offers at once; the standalone screen admits admins and the super admin', async () => {
    const page = await open(suite.rootToken, '/admin?tab=oauth');
    try {
      await page.getByRole('button', { name: 'Add provider' }).first().click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Provider').selectOption('google');
      await dialog.getByLabel('Client ID').fill('e2e-google-client');
      await dialog.getByLabel('Client secret').fill('e2e-google-secret-7788');
      await dialog.getByLabel('Redirect URI').fill(`${suite.product.baseUrl}/auth/callback`);
      await dialog.getByLabel('Scope').fill('openid email profile');
      await dialog.getByLabel('Auth URL').fill('https://accounts.google.com/o/oauth2/v2/auth');
      await dialog.getByRole('button', { name: 'Add provider' }).click();
      await page.getByText('Configuration created successfully').waitFor();
      const card = page.locator('[data-provider="google"]');
      expect(await card.innerText()).toContain('••••••••7788');
      expect(await card.innerText()).not.toContain('e2e-google-secret');
      const providers = (await (await fetch(`${suite.product.baseUrl}/api/auth/providers`)).json()) as { providers: { google: { enabled: boolean } } };
      expect(providers.providers.google.enabled).toBe(true);
      await card.getByRole('button', { name: 'Disable Google' }).click();
      await page.getByText('Configuration disabled successfully').waitFor();
    } finally {
      await page.context().close();
    }
    await eachSize('/admin?tab=oauth', async (page) => page.locator('[data-provider="google"]').waitFor(), 'admin-oauth');

    // The standalone screen admits an admin and the super admin (docs/web-app.md#admin-panel), no one else.
    await eachSize('/admin/oauth-config', async (page) => page.locator('[data-provider="google"]').waitFor(), 'admin-oauth-config-super');
    const plainPage = await open(await registerByApi(suite.product, unique('oauth-plain')), '/admin/oauth-config');
    try {
      await plainPage.getByText('Access Denied').waitFor();
      expect(await plainPage.locator('.admin--denied').innerText()).toContain('Your role: User');
    } finally {
      await plainPage.context().close();
    }
    const adminToken = await registerByApi(suite.product, unique('oauth-admin'));
    await call('PUT', `/api/admin/users/${await idOf(adminToken)}/role`, { role: 'admin' });
    await eachSize(
      '/admin/oauth-config',
      async (page) => page.getByRole('heading', { name: 'OAuth Configuration' }).waitFor(),
      'admin-oauth-config',
      adminToken,
    );
  }, 60_000);

  it('sends a test e-mail through the transport in force and counts it; saves settings without showing secrets', async () => {
    const page = await open(suite.rootToken, '/admin?tab=email');
    try {
      const send = page.getByRole('button', { name: 'Send test e-mail' });
      await send.waitFor();
      expect(await send.isDisabled()).toBe(true);
      await page.getByLabel('Test e-mail address').fill('ops@example.com');
      await send.click();
      await page.getByText('Test email sent successfully').waitFor();
      await page
        .getByText(/outbox folder/)
        .first()
        .waitFor();
      await page.getByLabel('SMTP server').fill('smtp.example.com');
      await page.getByLabel('SMTP password').fill('e2e-smtp-pass-1234');
      await page.getByLabel('From e-mail', { exact: true }).fill('no-reply@example.com');
      await page.getByRole('button', { name: 'Save e-mail settings' }).click();
      await page.getByText('Email configuration saved successfully').waitFor();
      expect(await page.locator('body').innerText()).not.toContain('e2e-smtp-pass-1234');
      // Back to the outbox for the rest of the suite.
      await call('POST', '/api/admin/email-config', {});
    } finally {
      await page.context().close();
    }
    await eachSize('/admin?tab=email', async (page) => page.getByRole('button', { name: 'Send test e-mail' }).waitFor(), 'admin-email');
  });

  it('shows a user’s subscription and history, and changes the plan there', async () => {
    const email = unique('subscriber');
    const token = await registerByApi(suite.product, email);
    await call('POST', `/api/admin/users/${await idOf(token)}/change-plan`, { plan_type: 'pro' });
    const page = await open(suite.rootToken, '/admin?tab=subscriptions');
    try {
      await page.getByLabel('User e-mail').fill(email);
      await page.getByRole('button', { name: 'Get subscription' }).click();
      await page.getByRole('button', { name: 'Change plan' }).waitFor();
      await page.getByLabel('New plan').selectOption('enterprise');
      await page.getByRole('button', { name: 'Change plan' }).click();
      // It asks first, as on the user list: an admin's grant was all they had, so nothing paid is lost.
      const dialog = page.getByRole('dialog', { name: 'Change plan to Enterprise?' });
      await dialog.locator('.confirm-action__consequence[data-paid="false"]').waitFor();
      await dialog.getByRole('button', { name: 'Change to Enterprise' }).click();
      await page.getByText(/Plan changed successfully/).waitFor();
      await expect.poll(async () => (await call<{ plan_type: string }>('GET', '/api/subscription/current', undefined, token)).plan_type).toBe('enterprise');
      await expect.poll(() => page.locator('table').last().locator('tbody tr').count()).toBe(2);
      await screenshot(page, 'admin-subscriptions');
    } finally {
      await page.context().close();
    }
  });

  it('edits a plan, and the public catalogue says so at once; lists every feature with the plans that grant it', async () => {
    const page = await open(suite.rootToken, '/admin?tab=plans');
    try {
      const pro = page.locator('.admin-plan[data-plan="pro"]');
      await pro.getByRole('button', { name: /Edit/ }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Monthly price (₹)').fill('1499.50');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await page.getByText('Plan updated successfully').waitFor();
      const plans = (await (await fetch(`${suite.product.baseUrl}/api/subscription/plans`)).json()) as { plans: { name: string; price_monthly: number }[] };
      expect(plans.plans.find((plan) => plan.name === 'pro')?.price_monthly).toBe(1499.5);
    } finally {
      await page.context().close();
    }
    await eachSize('/admin?tab=plans', async (page) => page.locator('.admin-plan[data-plan="enterprise"]').waitFor(), 'admin-plans');
    await eachSize(
      '/admin?tab=features',
      async (page) => {
        await page.getByText('Import and export').first().waitFor();
        expect(await page.getByText('csv_import_export').count()).toBeGreaterThan(0);
      },
      'admin-features',
    );
  }, 60_000);

  it('reports the system live: stores, head and projector lag', async () => {
    await eachSize(
      '/admin?tab=system',
      async (page) => {
        await page.locator('[data-figure="head"]').waitFor();
        expect(await page.locator('[data-store]').count()).toBe(3);
        expect(await page.locator('[data-projector]').count()).toBe(2);
      },
      'admin-system',
    );
  });

  it('disables a link with a reason: its short URL shows the disabled page; enabling brings it back', async () => {
    const owner = await registerByApi(suite.product, unique('lure'));
    const link = await call<{ id: number; short_code: string; short_url: string }>('POST', '/api/urls', { original_url: 'https://phish.example/login' }, owner);
    const page = await open(suite.rootToken, '/admin?tab=moderation');
    try {
      await page.getByLabel('Search by code, destination or owner e-mail').fill(link.short_code);
      const actions = page.getByRole('group', { name: `Actions for ${link.short_url}` });
      await actions.getByRole('button', { name: 'Disable' }).click();
      const dialog = page.getByRole('dialog');
      expect(await dialog.getByRole('button', { name: 'Disable link' }).isDisabled()).toBe(true);
      await dialog.getByLabel('Reason').fill('Phishing: imitates a bank');
      await dialog.getByRole('button', { name: 'Disable link' }).click();
      await page.getByText('Link disabled successfully').waitFor();
      const visit = await fetch(link.short_url, { redirect: 'manual' });
      expect(visit.status).toBe(410);
      expect(await visit.text()).toContain('This link has been disabled');
      await screenshot(page, 'admin-moderation');
      await actions.getByRole('button', { name: 'Enable' }).click();
      await page.getByText('Link enabled successfully').waitFor();
      expect((await fetch(link.short_url, { redirect: 'manual' })).status).toBe(302);
    } finally {
      await page.context().close();
    }
  });
});
