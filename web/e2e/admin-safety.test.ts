import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, apiCall, openSignedIn, registerByApi, screenshot } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The admin panel's actions that cost someone something ask first and say what happens
 * (docs/admin.md#plans-and-features, #user-status); its user list and e-mail tab fit a phone
 * and a laptop without sideways scrolling or clipped controls (docs/web-app.md#admin-panel).
 */

const LAPTOP = { width: 1280, height: 800 } as const;
type Viewport = { width: number; height: number };

/** Whether the page scrolls sideways, and every matching element that reaches outside the viewport. */
async function layoutFaults(page: Page, selector: string): Promise<{ overflow: boolean; outside: string[] }> {
  return page.evaluate((query) => {
    const width = window.innerWidth;
    const outside = [...document.querySelectorAll<HTMLElement>(query)]
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width > 0 && (box.left < 0 || box.right > width + 0.5))
      .map(
        ({ element, box }) =>
          `${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}" at ${Math.round(box.left)}–${Math.round(box.right)}`,
      );
    return { overflow: document.documentElement.scrollWidth > width, outside };
  }, selector);
}

/** How many lines the block holding each matching address takes. */
const linesOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().height / parseFloat(getComputedStyle(element).lineHeight))),
    );

describe('admin safety and layouts in the browser', () => {
  const suite = useBrowserSuite();
  let serial = 0;

  const call = <T>(method: string, path: string, body?: unknown, token = suite.rootToken) => apiCall<T>(suite.product, token, method, path, body);
  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const open = (path: string, viewport: Viewport = LAPTOP, token = suite.rootToken) => openSignedIn(suite.browser, suite.product, token, path, viewport);
  const planOf = async (token: string) => (await call<{ plan_type: string }>('GET', '/api/subscription/current', undefined, token)).plan_type;

  async function payForPro(token: string) {
    const choice = { plan_type: 'pro', billing_cycle: 'monthly' };
    const intent = await call<{ order: { order_id: string } }>('POST', '/api/payment/create-intent', choice, token);
    const paid = await call<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
      'POST',
      `/api/payment/test-checkout/${intent.order.order_id}`,
      { outcome: 'pay' },
      token,
    );
    await call(
      'POST',
      '/api/payment/verify',
      { payment_id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, signature: paid.razorpay_signature, ...choice },
      token,
    );
  }

  async function findUser(page: Page, email: string) {
    await page.getByLabel('Search by e-mail or plan').fill(email);
    const row = page.locator(`tr[data-user="${email}"]`);
    await row.waitFor();
    await expect.poll(() => page.locator('tr[data-user]').count()).toBe(1);
    return row;
  }

  it('asks before a plan change, saying that the paid period ends now and what its unused days were worth', async () => {
    const email = unique('paying');
    const token = await registerByApi(suite.product, email);
    await payForPro(token);
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await open('/admin?tab=users', viewport);
      try {
        const row = await findUser(page, email);
        await row.getByLabel(`Plan of ${email}`).selectOption('enterprise');
        const dialog = page.getByRole('dialog', { name: 'Change plan to Enterprise?' });
        const fate = dialog.locator('.confirm-action__consequence[data-paid="true"]');
        await fate.waitFor();
        expect(await fate.innerText()).toMatch(
          /^They have paid for Pro \(monthly\) until .+\. That period ends now and is not credited or refunded: they lose the (30|31) unused days, worth ₹[\d,.]+\.$/,
        );
        expect(await dialog.innerText()).toContain(`${email} moves from Pro to Enterprise at once.`);
        expect((await layoutFaults(page, 'dialog button')).outside).toEqual([]);
        await screenshot(page, 'admin-plan-change-confirm');
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'detached' });
        // Nothing happened, and the select shows the plan the user is on.
        expect(await planOf(token)).toBe('pro');
        expect(await row.getByLabel(`Plan of ${email}`).inputValue()).toBe('pro');
      } finally {
        await page.context().close();
      }
    }

    const page = await open('/admin?tab=users');
    try {
      const row = await findUser(page, email);
      await row.getByLabel(`Plan of ${email}`).selectOption('enterprise');
      const dialog = page.getByRole('dialog', { name: 'Change plan to Enterprise?' });
      await dialog.locator('.confirm-action__consequence[data-paid="true"]').waitFor();
      await dialog.getByRole('button', { name: 'Change to Enterprise' }).click();
      await page.getByText('Plan changed successfully: the user is now on the enterprise plan.').waitFor();
      expect(await planOf(token)).toBe('enterprise');
      // Now on an admin's grant: nothing paid is at stake, and the dialog says so.
      await row.getByLabel(`Plan of ${email}`).selectOption('free');
      const again = page.getByRole('dialog', { name: 'Change plan to Free?' });
      await again.locator('.confirm-action__consequence[data-paid="false"]').waitFor();
      expect(await again.locator('.confirm-action__consequence').innerText()).toBe('They have no paid period running, so nothing they paid for is lost.');
      await again.getByRole('button', { name: 'Cancel' }).click();
    } finally {
      await page.context().close();
    }
  });

  it('asks before a ban, saying that every link stops at once; cancelled, nothing changes', async () => {
    const email = unique('bannable');
    const token = await registerByApi(suite.product, email);
    const link = await call<{ short_url: string }>('POST', '/api/urls', { original_url: 'https://example.com/landing' }, token);
    const page = await open('/admin?tab=users', PHONE);
    try {
      const row = await findUser(page, email);
      await row.getByRole('button', { name: 'Ban' }).click();
      const dialog = page.getByRole('dialog', { name: 'Ban this user?' });
      await dialog.waitFor();
      expect(await dialog.innerText()).toContain('Every one of their short links stops at once: visitors get the not-found page instead of the destination.');
      expect((await layoutFaults(page, 'dialog button')).outside).toEqual([]);
      await screenshot(page, 'admin-ban-confirm');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect((await fetch(link.short_url, { redirect: 'manual' })).status).toBe(302);
      expect(await row.locator('.badge').innerText()).toBe('active');

      await row.getByRole('button', { name: 'Ban' }).click();
      await dialog.getByRole('button', { name: 'Ban user' }).click();
      await page.getByText('User banned successfully').waitFor();
      await row.getByText('banned').waitFor();
      expect((await fetch(link.short_url, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await page.context().close();
    }
  });

  it('refuses an empty price on the screen and confirms a free one before Pro is made free', async () => {
    const proPrice = async () =>
      (await call<{ plans: { name: string; price_monthly: number }[] }>('GET', '/api/subscription/plans')).plans.find((plan) => plan.name === 'pro')!
        .price_monthly;
    const before = await proPrice();
    const page = await open('/admin?tab=plans');
    try {
      await page.locator('.admin-plan[data-plan="pro"]').getByRole('button', { name: /Edit/ }).click();
      const dialog = page.getByRole('dialog');
      const price = dialog.getByLabel('Monthly price (₹)');
      await price.fill('');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByText('Monthly price (₹) is required: enter 0 only to make the plan free.').waitFor();
      expect(await proPrice()).toBe(before);

      await price.fill('0');
      await dialog.getByRole('button', { name: 'Save changes' }).click();
      const ask = dialog.locator('.plan-form__free');
      await ask.waitFor();
      expect(await ask.innerText()).toContain('Monthly price (₹) is 0: Pro becomes free, and everyone who takes it from now on pays nothing.');
      await screenshot(page, 'admin-plan-free-confirm');
      await ask.getByRole('button', { name: 'Keep editing' }).click();
      expect(await proPrice()).toBe(before);

      await dialog.getByRole('button', { name: 'Save changes' }).click();
      await dialog.getByRole('button', { name: 'Make Pro free' }).click();
      await page.getByText('Plan updated successfully').waitFor();
      expect(await proPrice()).toBe(0);
    } finally {
      await page.context().close();
      await call('PUT', '/api/subscription/plans/2', { price_monthly: before });
    }
  });

  it('shows a failed user list as the failure alone, never beside "Loading users…"', async () => {
    const page = await open('/admin?tab=users');
    try {
      await page.route('**/api/admin/users?**', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
      await page.reload();
      await page.getByText('Failed to fetch users').waitFor();
      expect(await page.getByText('Loading users…').count()).toBe(0);
      expect(await page.locator('.admin-users').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('lays the user list out as cards on a phone and a table on a laptop: nothing off-screen, addresses unbroken', async () => {
    for (let i = 0; i < 5; i++) await registerByApi(suite.product, unique('a-rather-long-mailbox-name'));
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await open('/admin?tab=users', viewport);
      try {
        await page.getByLabel('Per page').selectOption('5');
        await expect.poll(() => page.locator('tr[data-user]').count()).toBe(5);
        const faults = await layoutFaults(
          page,
          'tr[data-user] select, tr[data-user] button, tr[data-user] .admin__user-email, .admin__toolbar input, .admin__toolbar select',
        );
        expect(faults).toEqual({ overflow: false, outside: [] });
        // The select keeps room for its longest plan name.
        for (const width of await page.locator('tr[data-user] select').evaluateAll((selects) => selects.map((select) => select.getBoundingClientRect().width)))
          expect(width).toBeGreaterThan(110);
        await screenshot(page, 'admin-users');
        const lines = await linesOf(page, 'tr[data-user] .admin__user-email');
        // On a laptop each address is one line; on a phone, at most two (it breaks only at the card's edge).
        for (const count of lines) expect(count, JSON.stringify(lines)).toBeLessThanOrEqual(viewport === PHONE ? 2 : 1);
      } finally {
        await page.context().close();
      }
    }
  });

  it('aligns the e-mail settings fields and names every statistic as the spec does, purposes in words', async () => {
    // A payment receipt was mailed above: its purpose is named in words.
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await open('/admin?tab=email', viewport);
      try {
        await page.getByLabel('SMTP server').waitFor();
        const tops = async (labels: string[]) =>
          Promise.all(labels.map(async (label) => Math.round((await page.getByLabel(label, { exact: true }).boundingBox())!.y)));
        if (viewport === LAPTOP) {
          // Side by side, the boxes of a row start at the same height, whatever their hints.
          const [server, port] = await tops(['SMTP server', 'SMTP port']);
          const [username, password] = await tops(['SMTP username', 'SMTP password']);
          const [key, from] = await tops(['SendGrid API key', 'SendGrid from e-mail']);
          expect([port, password, from]).toEqual([server, username, key]);
        }
        const stats = page.locator('[data-figures="verification"]');
        await stats.waitFor();
        for (const label of ['Total users', 'Verified users', 'Unverified users', 'Verification e-mails sent this month', 'Verification rate']) {
          expect(await stats.getByText(label, { exact: true }).count()).toBe(1);
        }
        expect(await stats.locator('[data-tile="verification_rate"] .tile__value').innerText()).toMatch(/^\d+(\.\d)? %$/);
        expect(await page.locator('[data-purpose="receipt"] td').first().innerText()).toBe('Payment receipt');
        const purposes = await page.locator('[data-purpose] td:first-child').allInnerTexts();
        for (const purpose of purposes) expect(purpose).not.toMatch(/_|^[a-z]/);
        expect(await layoutFaults(page, '.email-settings input, .email-settings button, .tile')).toEqual({ overflow: false, outside: [] });
        await screenshot(page, 'admin-email');
      } finally {
        await page.context().close();
      }
    }
  });
});
