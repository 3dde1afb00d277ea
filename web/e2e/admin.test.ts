import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, launchBrowser, newContext, registerByApi, screenshot, seriousA11yViolations, signInContext, startProduct, type Product } from './harness.ts';

/*
 * The admin panel (docs/web-app.md#admin-panel, docs/admin.md) on the real server: who gets
 * in, the badge, every tab driven as an admin would, at desktop and phone sizes.
 */

type Viewport = { width: number; height: number };

describe('admin panel in the browser', () => {
  let product: Product;
  let browser: Browser;
  let rootToken: string;
  let serial = 0;

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    rootToken = await registerByApi(product, 'root@example.com'); // the first account: super admin
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  const call = <T>(method: string, path: string, body?: unknown, token = rootToken) => apiCall<T>(product, token, method, path, body);
  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const idOf = async (token: string) => (await call<{ id: number }>('GET', '/api/users/me', undefined, token)).id;

  async function open(token: string, path: string, viewport: Viewport = DESKTOP): Promise<Page> {
    const context = await newContext(browser, product, viewport);
    await signInContext(context, token);
    const page = await context.newPage();
    await page.goto(path);
    return page;
  }

  const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
  const status = (page: Page) => page.locator('.status-message').first();

  it('refuses a user with Access Denied and their role, and shows no Admin Panel in their sidebar', async () => {
    const token = await registerByApi(product, unique('plain'));
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
      const page = await open(rootToken, '/admin', viewport);
      try {
        await page.locator('.admin__badge', { hasText: 'Super Admin' }).waitFor();
        if (viewport === DESKTOP) expect(await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Admin Panel' }).count()).toBe(1);
        const users = page.locator('[data-tile="Total Users"] .tile__value');
        await expect.poll(() => users.innerText(), { timeout: 10_000 }).toMatch(/^\d+$/);
        const before = Number(await users.innerText());
        await registerByApi(product, unique('newcomer'));
        // No reload: the tile follows within a few seconds.
        await expect.poll(async () => Number(await users.innerText()), { timeout: 12_000 }).toBe(before + 1);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'admin-overview');
      } finally {
        await page.context().close();
      }
    }

    const page = await open(rootToken, '/admin');
    try {
      await page.getByRole('button', { name: 'Disable registration' }).click();
      await page.getByText('Registration disabled successfully').waitFor();
      expect(await status(page).getAttribute('class')).toContain('status-message--success');
      expect(((await (await fetch(`${product.baseUrl}/api/public/signup-status`)).json()) as { signup_enabled: boolean }).signup_enabled).toBe(false);
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
    const token = await registerByApi(product, email);
    for (let i = 0; i < 6; i++) await registerByApi(product, unique('crowd'));

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open(rootToken, '/admin?tab=users', viewport);
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

    const page = await open(rootToken, '/admin?tab=users');
    try {
      await page.getByLabel('Search by e-mail or plan').fill(email);
      const row = page.locator(`tr[data-user="${email}"]`);
      await row.waitFor();
      await row.getByRole('button', { name: 'Suspend' }).click();
      await page.getByText('User suspended successfully').waitFor();
      await row.getByText('suspended').waitFor();
      expect((await fetch(`${product.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(401);
      await row.getByRole('button', { name: 'Activate' }).click();
      await page.getByText('User activated successfully').waitFor();
      expect((await fetch(`${product.baseUrl}/api/users/me`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

      await row.getByRole('button', { name: 'Make admin' }).click();
      await page.getByText('Admin role granted successfully').waitFor();
      expect((await call<{ role: string }>('GET', '/api/users/me', undefined, token)).role).toBe('admin');
      await row.getByLabel(`Plan of ${email}`).selectOption('pro');
      await page.getByText('The user is now on the pro plan.').waitFor();
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

  it('links the panel from the user menu on the Enterprise plan (in a new tab)', async () => {
    const email = unique('enterprise');
    const token = await registerByApi(product, email);
    await call('POST', `/api/admin/users/${await idOf(token)}/change-plan`, { plan_type: 'enterprise' });
    const page = await open(token, '/dashboard');
    try {
      const link = page.locator('.user-menu').getByRole('link', { name: 'Admin Panel' });
      await link.waitFor();
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('href')).toBe('/admin');
    } finally {
      await page.context().close();
    }
  });
});
