import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, newContext, registerByApi, screenshot, seriousA11yViolations, openSignedIn } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The public /pricing screen (docs/web-app.md#pricing-page, docs/plans.md) on the real server: plan cards from the
 * catalogue, the monthly/yearly toggle with the Save badge, visitors sent to /register or
 * /login, and for a signed-in user the current plan disabled and the payment confirmation.
 */

interface CataloguePlan {
  name: string;
  display_name: string;
  price_monthly: number;
  price_yearly: number | null;
}

type Viewport = { width: number; height: number };

const rupees = (amount: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', maximumFractionDigits: 0 }).format(amount);

describe('pricing page in the browser', () => {
  const suite = useBrowserSuite('pricing-admin@example.com');
  let plans: CataloguePlan[];
  let serial = 0;

  beforeAll(async () => {
    // The installation's first account is its super admin, who can change plans.
    plans = ((await (await fetch(`${suite.product.baseUrl}/api/subscription/plans`)).json()) as { plans: CataloguePlan[] }).plans;
  }, 120_000);

  const plan = (name: string) => plans.find((p) => p.name === name)!;
  const card = (page: Page, name: string) => page.locator(`.plan-card[data-plan="${name}"]`);

  async function visitorPage(viewport: Viewport = DESKTOP) {
    const context = await newContext(suite.browser, suite.product, viewport);
    const page = await context.newPage();
    await page.goto('/pricing');
    await card(page, 'enterprise').waitFor();
    return page;
  }

  async function signedInPage(viewport: Viewport = DESKTOP) {
    const email = `pricing${serial++}-${Date.now().toString(36)}@example.com`;
    const token = await registerByApi(suite.product, email);
    const page = await openSignedIn(suite.browser, suite.product, token, '/pricing', viewport);
    await card(page, 'enterprise').waitFor();
    return { page, email, token };
  }

  it('shows a visitor the catalogue’s plans: Free goes to /register, a paid plan to /login', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await visitorPage(viewport);
      try {
        await page.getByRole('heading', { level: 1, name: 'Simple plans that grow with your links' }).waitFor();
        expect(await page.locator('.plan-card').getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(plans.map((p) => p.display_name));
        expect(await card(page, 'pro').innerText()).toContain('Most Popular');
        expect(await card(page, 'pro').innerText()).toContain(`${rupees(plan('pro').price_monthly)}\nper month`);
        expect(await card(page, 'free').innerText()).toContain('10 links per month');
        expect(await card(page, 'enterprise').innerText()).toContain('10,000 API calls per minute');
        // Features by name, not by key.
        expect(await card(page, 'free').innerText()).toContain('QR codes');
        expect(await card(page, 'free').getByRole('link').getAttribute('href')).toBe('/register');
        expect(await card(page, 'pro').getByRole('link').getAttribute('href')).toBe('/login');
        // The FAQ answers from the catalogue and claims no trial or payment method.
        const faq = page.locator('.faq');
        await faq.getByText('How do the API rate limits work?').click();
        expect(await faq.innerText()).toContain('Free 100, Pro 1,000 and Enterprise 10,000 calls a minute');
        expect((await faq.innerText()).toLowerCase()).not.toMatch(/trial|upi|credit card/);
        await screenshot(page, 'pricing');
        if (viewport === DESKTOP) {
          expect(await seriousA11yViolations(page)).toEqual([]);
          await card(page, 'pro').getByRole('link', { name: 'Choose Pro' }).click();
          await page.getByRole('heading', { name: 'Welcome back' }).waitFor();
          expect(new URL(page.url()).pathname).toBe('/login');
          // Signing in there comes back to the plans, not to the dashboard.
          const email = `pricing-return-${Date.now().toString(36)}@example.com`;
          await registerByApi(suite.product, email);
          await page.getByLabel('Email').fill(email);
          await page.getByLabel('Password', { exact: true }).fill('secret123');
          await page.getByRole('button', { name: 'Sign In' }).click();
          await page.getByRole('heading', { level: 1, name: 'Plans & Pricing' }).waitFor();
          expect(new URL(page.url()).pathname).toBe('/pricing');
        }
      } finally {
        await page.context().close();
      }
    }
  });

  it('switches to yearly prices with each plan’s Save badge', async () => {
    const page = await visitorPage();
    try {
      expect(await page.locator('.plan-card__saving').count()).toBe(0);
      await page.getByRole('radio', { name: /Yearly/ }).check();
      for (const name of ['pro', 'enterprise']) {
        const { price_monthly, price_yearly } = plan(name);
        const saving = Math.round((1 - price_yearly! / (12 * price_monthly)) * 100);
        const text = await card(page, name).innerText();
        expect(text).toContain(`${rupees(price_yearly!)}\nper year`);
        expect(text).toContain(`Save ${saving}%`);
        expect(text).toContain(`instead of ${rupees(12 * price_monthly)} paid monthly`);
      }
      expect(await card(page, 'pro').locator('.plan-card__saving').innerText()).toBe('Save 17%');
      // Free has no yearly price: it keeps its monthly one and no badge.
      expect(await card(page, 'free').innerText()).toContain(`${rupees(0)}\nper month`);
      expect(await card(page, 'free').locator('.plan-card__saving').count()).toBe(0);
      await screenshot(page, 'pricing-yearly');
      await page.getByRole('radio', { name: 'Monthly' }).check();
      expect(await card(page, 'pro').innerText()).toContain(`${rupees(plan('pro').price_monthly)}\nper month`);
    } finally {
      await page.context().close();
    }
  });

  it('shows a signed-in free user Free as the current plan and the payment confirmation for Pro', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await signedInPage(viewport);
      try {
        await page.getByRole('heading', { level: 1, name: 'Plans & Pricing' }).waitFor();
        // Inside the signed-in shell; on a phone its closed slide-over is out of reach until opened.
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        if (viewport === PHONE) {
          expect(await nav.count()).toBe(0);
          await page.getByRole('button', { name: 'Open navigation' }).click();
          await nav.getByRole('button', { name: 'Close navigation' }).click();
          await nav.waitFor({ state: 'detached' });
        } else expect(await nav.count()).toBe(1);
        const free = card(page, 'free');
        await free.getByText('You are already on the Free plan!', { exact: true }).waitFor();
        expect(await free.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
        expect(await free.getByRole('link').count()).toBe(0);
        await screenshot(page, 'pricing-signed-in');
        await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).click();
        const dialog = page.getByRole('dialog', { name: 'Confirm payment' });
        await dialog.getByText('Amount to pay').waitFor();
        expect(await dialog.innerText()).not.toContain('not connected');
        expect(await page.getByText('Payments are not connected').count()).toBe(0);
        await screenshot(page, 'pricing-plan-change');
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });
        expect(new URL(page.url()).pathname).toBe('/pricing');
      } finally {
        await page.context().close();
      }
    }
  });

  it('marks the plan an administrator moved the user to', async () => {
    const { page, token } = await signedInPage();
    try {
      const me = await apiCall<{ id: number }>(suite.product, token, 'GET', '/api/users/me');
      await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${me.id}/change-plan`, { plan_type: 'pro' });
      await page.reload();
      await card(page, 'pro').getByText('You are already on the Pro plan!', { exact: true }).waitFor();
      expect(await card(page, 'pro').getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
      expect(await card(page, 'free').getByRole('button', { name: 'Choose Free' }).isEnabled()).toBe(true);
    } finally {
      await page.context().close();
    }
  });

  it('answers in the FAQ how a plan changes as the server decides it: monthly to yearly at once, yearly to monthly only after the period', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, token } = await signedInPage(viewport);
      try {
        // Pro yearly, paid through the test checkout as the dialog does.
        const { order } = await apiCall<{ order: { order_id: string } }>(suite.product, token, 'POST', '/api/payment/create-intent', {
          plan_type: 'pro',
          billing_cycle: 'yearly',
        });
        const paid = await apiCall<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
          suite.product,
          token,
          'POST',
          `/api/payment/test-checkout/${order.order_id}`,
          { outcome: 'pay' },
        );
        await apiCall(suite.product, token, 'POST', '/api/payment/verify', {
          payment_id: paid.razorpay_payment_id,
          order_id: paid.razorpay_order_id,
          signature: paid.razorpay_signature,
          plan_type: 'pro',
          billing_cycle: 'yearly',
        });
        await page.reload();
        // The monthly toggle does not offer the switch the server refuses; it says when monthly can be chosen.
        const pro = card(page, 'pro');
        await pro.getByText('You are on Pro, billed yearly. Monthly billing can be chosen once your paid year ends.').waitFor();
        expect(await pro.getByRole('button', { name: 'Current plan' }).isDisabled()).toBe(true);
        expect(await pro.getByRole('button', { name: /Switch to monthly/ }).count()).toBe(0);
        const faq = page.locator('.faq');
        await faq.getByText('How do I change my plan?').click();
        const answer = (await faq.locator('details[open] .faq__answer').innerText()).replace(/\s+/g, ' ');
        expect(answer).toContain('Moving up to a higher plan, or from monthly to yearly billing on the same plan, starts the new plan at once');
        expect(answer).toContain('Moving down — to a cheaper plan, or from yearly to monthly billing — is not possible while a paid period runs');
        expect(answer).not.toContain('to the other billing cycle');
        // The server does what the answer says.
        const quote = (plan_type: string, billing_cycle: string) =>
          fetch(`${suite.product.baseUrl}/api/payment/quote?plan_type=${plan_type}&billing_cycle=${billing_cycle}`, {
            headers: { authorization: `Bearer ${token}` },
          });
        expect((await quote('pro', 'monthly')).status).toBe(409);
        expect((await quote('enterprise', 'yearly')).status).toBe(200);
        await screenshot(page, 'pricing-faq-plan-change');
      } finally {
        await page.context().close();
      }
    }
  });

  it('sends every upgrade link to /pricing', async () => {
    const { page } = await signedInPage();
    try {
      await page.goto('/limits');
      await page.getByRole('link', { name: 'View Pricing Plans' }).click();
      await page.getByRole('heading', { level: 1, name: 'Plans & Pricing' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/pricing');
    } finally {
      await page.context().close();
    }
  });
});
