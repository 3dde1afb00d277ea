import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, apiCall, linkInMail, openSignedIn, screenshot, seriousA11yViolations, waitForMail, verifiedAccountByApi } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * A team workspace's plan in the browser (docs/payments.md#whose-plan-a-payment-buys): the
 * sidebar's plan label and Usage & Limits follow the chosen workspace; a billing member pays for
 * the team on the pricing page and the team moves up, not their own workspace; the team's
 * payments are listed there; a viewer is told who manages payments; a Free team's owner is told
 * that inviting needs team collaboration (docs/workspaces.md#team-collaboration).
 */

describe('a team workspace’s plan and payments in the browser', () => {
  const suite = useBrowserSuite('team-billing-root@example.com');
  let serial = 0;
  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);
  const planLabel = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).locator('.plan-label');
  const switcher = (page: Page) => page.getByRole('combobox', { name: 'Workspace' });
  const toast = (page: Page, title: string) => page.locator('.toast').filter({ has: page.locator('.toast__title', { hasText: title }) });

  const verifiedAccount = (email: string) => verifiedAccountByApi(suite.product, email);

  /** A new account joins the team with the role, through the invite mail's token. */
  async function joined(ownerToken: string, team: number, role: string): Promise<string> {
    const email = unique(role);
    const token = await verifiedAccount(email);
    await call(ownerToken, 'POST', `/api/workspaces/${team}/invites`, { email, role });
    const link = new URL(linkInMail(await waitForMail(suite.product, email, 10_000, '/invite/'), '/invite/'));
    await call(token, 'POST', '/api/workspace-invites/accept', { token: link.pathname.split('/').at(-1) });
    return token;
  }

  async function teamOf(ownerToken: string, name: string): Promise<{ team: number; slug: string }> {
    const slug = `${name.toLowerCase()}-${Date.now().toString(36)}`;
    return { team: (await call<{ workspace: { id: number } }>(ownerToken, 'POST', '/api/workspaces', { name, slug })).workspace.id, slug };
  }

  it(
    'a billing member pays Enterprise for a Pro team: the sidebar, Usage & Limits and Payments show the team’s, the personal workspace stays Free',
    { timeout: 120_000 },
    async () => {
      const owner = await verifiedAccount(unique('owner'));
      const { team, slug } = await teamOf(owner, 'Launch');
      await call(suite.rootToken, 'POST', `/api/admin/workspaces/${team}/change-plan`, { plan_type: 'pro' });
      const billing = await joined(owner, team, 'billing');
      const viewer = await joined(owner, team, 'viewer');

      const page = await openSignedIn(suite.browser, suite.product, billing, '/pricing');
      page.setDefaultTimeout(10_000);
      await expect.poll(() => planLabel(page).innerText()).toBe('Free');
      await switcher(page).selectOption({ label: 'Launch' });
      await expect.poll(() => planLabel(page).innerText()).toBe('Pro');
      // The billing role gets the team's activity live, not its clicks, and the marker says so (docs/workspaces.md#live-clicks).
      await page.getByRole('status', { name: 'Live updates: Live: activity only' }).first().waitFor({ state: 'attached' });

      await page.locator('.plan-card[data-plan="enterprise"]').getByRole('button', { name: 'Choose Enterprise' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      await confirm.getByText('Amount to pay').waitFor();
      expect(await confirm.getByTestId('checkout-workspace').innerText()).toBe(
        'For the workspace Launch: its plan changes, and the receipt is made out to you.',
      );
      await screenshot(page, 'team-billing-confirm');
      await confirm.getByRole('button', { name: /^Pay ₹/ }).click();
      const checkout = page.getByRole('dialog', { name: 'Test checkout' });
      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await toast(page, 'Payment Successful').waitFor();
      await expect.poll(() => planLabel(page).innerText()).toBe('Enterprise');

      await page.goto('/payment-management?tab=history');
      const history = page.locator('.payments table');
      await history.getByText(/Enterprise plan, monthly/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'team-billing-history');

      await page.goto('/limits');
      await page.locator('[data-tile="seats"] .tile__value', { hasText: '50' }).waitFor();
      await screenshot(page, 'team-billing-limits');

      // The billing member's own workspace is still on Free, with its one seat.
      await switcher(page).selectOption({ index: 0 });
      await expect.poll(() => planLabel(page).innerText()).toBe('Free');
      await page.locator('[data-tile="seats"] .tile__value', { hasText: '1' }).waitFor();
      await page.context().close();

      // On a phone, the team's payments and plan from the slide-over navigation.
      const phone = await openSignedIn(suite.browser, suite.product, billing, '/payment-management?tab=history', PHONE);
      phone.setDefaultTimeout(10_000);
      await phone.getByRole('button', { name: 'Open navigation' }).click();
      await switcher(phone).selectOption({ label: 'Launch' });
      await expect.poll(() => planLabel(phone).innerText()).toBe('Enterprise');
      await phone.getByRole('button', { name: 'Close navigation' }).click();
      // The slide-over is gone once it has moved off the screen.
      const nav = phone.locator('nav.sidebar');
      await expect
        .poll(async () => {
          const box = await nav.boundingBox();
          return box ? box.x + box.width : 0;
        })
        .toBeLessThanOrEqual(0);
      await phone
        .locator('.payments')
        .getByText(/Enterprise plan, monthly/)
        .first()
        .waitFor();
      await screenshot(phone, 'team-billing-history');
      await phone.context().close();

      // A viewer reads the team's plan, and is told who manages its payments.
      const viewing = await openSignedIn(suite.browser, suite.product, viewer, '/payment-management?tab=history');
      viewing.setDefaultTimeout(10_000);
      await switcher(viewing).selectOption({ label: 'Launch' });
      await expect.poll(() => planLabel(viewing).innerText()).toBe('Enterprise');
      await viewing.getByText('Payments are managed by the workspace’s owners and billing members').waitFor();
      await viewing.getByText('Your role in this workspace (viewer) does not allow this.').waitFor();
      await screenshot(viewing, 'team-billing-viewer');
      await viewing.context().close();

      // An admin finds the team by its slug on the Subscriptions tab and reads its payment there.
      const admin = await openSignedIn(suite.browser, suite.product, suite.rootToken, '/admin?tab=subscriptions');
      admin.setDefaultTimeout(10_000);
      const teamPayments = admin.getByTestId('admin-workspace-payments');
      await teamPayments.getByLabel('Workspace slug').fill(slug);
      await teamPayments.getByRole('button', { name: 'Get workspace payments' }).click();
      const row = teamPayments.getByTestId('admin-payments').locator('tbody tr').first();
      await row.waitFor();
      expect(await row.innerText()).toContain('Enterprise plan, monthly');
      expect(await teamPayments.getByText('Payments of Launch, newest first').count()).toBe(1);
      expect(await seriousA11yViolations(admin)).toEqual([]);
      await screenshot(admin, 'team-billing-admin-payments');
      await admin.context().close();
    },
  );

  it('a Free team’s owner is told, in place of the invite form, that inviting needs team collaboration', { timeout: 60_000 }, async () => {
    const owner = await verifiedAccount(unique('free-owner'));
    await teamOf(owner, 'Garage');
    for (const viewport of [undefined, PHONE]) {
      const page = await openSignedIn(suite.browser, suite.product, owner, '/settings?tab=workspace', viewport);
      page.setDefaultTimeout(10_000);
      if (viewport) await page.getByRole('button', { name: 'Open navigation' }).click();
      await switcher(page).selectOption({ label: 'Garage' });
      if (viewport) await page.keyboard.press('Escape');
      const notice = page.getByTestId('invites-need-upgrade');
      await notice.getByText('Inviting needs team collaboration').waitFor();
      expect(await notice.innerText()).toContain('This workspace’s Free plan does not include team collaboration');
      expect(await page.getByRole('button', { name: 'Send invite' }).count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'team-invites-need-upgrade');
      await page.context().close();
    }
  });
});
