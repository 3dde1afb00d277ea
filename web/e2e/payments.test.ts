import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  PHONE,
  SCREENSHOT_DIR,
  apiCall,
  newContext,
  registerByApi,
  screenshot,
  seriousA11yViolations,
  openSignedIn,
  registerByForm,
} from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Paying for a plan on the real server in test mode: the pricing page's confirmation dialog
 * with the server's quote, the local test checkout (Pay and Fail), the plan badge, the
 * payment-management tabs with the receipt's PDF (rendered with pdf.js to look at), the
 * cancellation, and the admin's view of a user's payments.
 */

const PDFJS_DIR = fileURLToPath(new URL('../node_modules/pdfjs-dist/', import.meta.url));
const PASSWORD = 'secret123';

interface Payment {
  id: string;
  amount: number;
  status: string;
  receipt: string | null;
  receipt_url: string | null;
}

describe('payments in the browser', () => {
  const suite = useBrowserSuite('payments-admin@example.com');
  let serial = 0;
  /** The account that bought Pro in the first test (the admin's test reads its payments). */
  let payer: { email: string; token: string; receipt: string } | null = null;

  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const card = (page: Page, name: string) => page.locator(`.plan-card[data-plan="${name}"]`);
  const toast = (page: Page, title: string) => page.locator('.toast').filter({ has: page.locator('.toast__title', { hasText: title }) });
  const planLabel = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' }).locator('.plan-label');

  const signedIn = (token: string, path: string, viewport: { width: number; height: number } = DESKTOP) =>
    openSignedIn(suite.browser, suite.product, token, path, viewport);

  it('is in test mode on an embedded installation', async () => {
    const config = (await (await fetch(`${suite.product.baseUrl}/api/payment/config`)).json()) as { mode: string };
    expect(config.mode).toBe('test');
  });

  it('signs up, buys Pro monthly through the test checkout, and shows Pro at once', async () => {
    const email = unique('payer');
    const context = await newContext(suite.browser, suite.product);
    const page = await context.newPage();
    try {
      // Sign up through the form.
      await page.goto('/register');
      await registerByForm(page, email, PASSWORD);

      await page.goto('/pricing');
      await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).waitFor();
      await card(page, 'free').getByText('You are already on the Free plan!', { exact: true }).waitFor();
      expect(await planLabel(page).innerText()).toBe('Free');
      const body = await page.locator('main').innerText();
      expect(body).not.toContain('Payments are not connected');
      // The FAQ claims only what the product keeps: no trial.
      expect((await page.locator('.faq').innerText()).toLowerCase()).not.toContain('trial');
      await page.locator('.faq').getByText('How can I pay?').click();
      expect(await page.locator('.faq').innerText()).toContain('By UPI or card, through Razorpay’s checkout.');

      // The display currency: USD is the rupee figure divided by 100, INR again by default.
      await page.getByRole('radio', { name: '$ USD' }).check();
      expect(await card(page, 'pro').innerText()).toContain('$9.99\nper month');
      await page.getByText('US dollar figures are shown for reference only').waitFor();
      await screenshot(page, 'payments-pricing-usd');
      await page.getByRole('radio', { name: '₹ INR' }).check();
      expect(await card(page, 'pro').innerText()).toContain('₹999\nper month');

      // The confirmation dialog: Escape closes it, then the quote is shown.
      await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      await confirm.getByText('Amount to pay').waitFor();
      await page.keyboard.press('Escape');
      await confirm.waitFor({ state: 'hidden' });
      await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).click();
      await confirm.getByText('Amount to pay').waitFor();
      const confirmText = await confirm.innerText();
      expect(confirmText).toContain('Pro · Monthly');
      expect(confirmText).toContain('New subscription');
      expect(confirmText).toContain('List price');
      expect(confirmText).not.toContain('Credit for the unused part');
      expect(confirmText).toMatch(/Period\s+\d{1,2} \w{3,4} \d{4} – \d{1,2} \w{3,4} \d{4}/);
      expect(confirmText).toContain('test mode');
      // Focus is inside the dialog.
      expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'payments-confirm');

      await confirm.getByRole('button', { name: 'Pay ₹999' }).click();
      const checkout = page.getByRole('dialog', { name: 'Test checkout' });
      await checkout.getByText('Test mode — no real money moves.').waitFor();
      await checkout.getByText(/^order_/).waitFor();
      expect(await checkout.innerText()).toContain('₹999');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'payments-test-checkout');

      await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
      await toast(page, 'Payment Successful').waitFor();
      expect(await toast(page, 'Payment Successful').innerText()).toMatch(
        /Your Pro plan is active until .+\. Test-mode receipt LL-\d{6,}: no money was taken\./,
      );
      await expect.poll(() => planLabel(page).innerText(), { timeout: 5000 }).toBe('Pro');
      await card(page, 'pro').getByText('You are already on the Pro plan!', { exact: true }).waitFor();
      await screenshot(page, 'payments-paid');

      const token = await page.evaluate(() => localStorage.getItem('token'));
      const history = await apiCall<{ billing_history: Payment[] }>(suite.product, token!, 'GET', '/api/payment/billing-history');
      expect(history.billing_history).toHaveLength(1);
      const [paid] = history.billing_history;
      expect(paid).toMatchObject({ amount: 99_900, status: 'captured' });
      payer = { email, token: token!, receipt: paid!.receipt! };
    } finally {
      await context.close();
    }
  });

  it('shows the payment, its receipt PDF, the method and the subscription under Payment Management', async () => {
    expect(payer).not.toBeNull();
    const { token, receipt } = payer!;
    const page = await signedIn(token, '/dashboard');
    try {
      // The sidebar's Account section leads there.
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Payments' }).click();
      await page.getByRole('heading', { level: 1, name: 'Payment Management' }).waitFor();

      // History: the captured payment with its success icon's words, amount, method and receipt.
      await page.getByRole('tab', { name: 'Billing History' }).click();
      const row = page.locator('.payments-table tbody tr').first();
      await row.waitFor();
      const rowText = await row.innerText();
      expect(await row.getAttribute('data-status')).toBe('captured');
      expect(rowText).toContain('Paid');
      expect(rowText).toContain('₹999');
      expect(rowText).toContain(receipt);
      // A test-mode payment's receipt says it took no money, on the screen and in the PDF.
      expect(rowText).toContain('Test · no money taken');
      expect(await row.locator('.payment-status--success').count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'payments-history');

      // The receipt downloads as a PDF file.
      const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Download receipt ${receipt} (PDF)` }).click()]);
      expect(download.suggestedFilename()).toBe(`${receipt}.pdf`);
      const pdf = readFileSync((await download.path())!);
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(await toast(page, 'Failed to download invoice').count()).toBe(0);
      const rendered = await renderPdf(suite.browser, pdf, join(SCREENSHOT_DIR, 'payments-receipt.png'));
      expect(rendered.pages).toBeGreaterThanOrEqual(1);
      expect(rendered.text).toContain(receipt);
      expect(rendered.text).toContain('TEST-MODE RECEIPT: no money was taken.');

      // Methods: the one paid with, as the default.
      await page.getByRole('tab', { name: 'Payment Methods' }).click();
      const method = page.locator('.payment-method').first();
      await method.waitFor();
      expect(await method.getByText('Default', { exact: true }).count()).toBe(1);
      expect(await method.getByRole('button', { name: /^Remove / }).count()).toBe(1);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'payments-methods');

      // Subscription: Pro, active (green), the period end, a cancel action.
      await page.getByRole('tab', { name: 'Subscription' }).click();
      const sub = page.getByTestId('subscription-card');
      await sub.waitFor();
      expect(await sub.locator('[data-figure="plan"]').innerText()).toBe('Pro');
      expect(await sub.locator('[data-figure="status"]').innerText()).toBe('Active');
      expect(await sub.locator('.subscription-status--active').count()).toBe(1);
      expect(await sub.locator('[data-figure="period-end"]').innerText()).toMatch(/^\d{1,2} \w{3,4} \d{4}$/);
      expect(await sub.getByRole('link', { name: 'Change plan' }).getAttribute('href')).toBe('/pricing');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'payments-subscription');

      // A phone sees the history table scroll within its card.
      const phone = await signedIn(token, '/payment-management?tab=history', PHONE);
      try {
        await phone.locator('.payments-table tbody tr').first().waitFor();
        // The receipt's number, its test-mode badge and Download all fit on the phone's screen.
        const button = await phone.getByRole('button', { name: `Download receipt ${receipt} (PDF)` }).boundingBox();
        expect(button!.x + button!.width).toBeLessThanOrEqual(PHONE.width);
        expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
        await screenshot(phone, 'payments-history');
      } finally {
        await phone.context().close();
      }
    } finally {
      await page.context().close();
    }
  });

  it('says on /limits until when Pro is paid, never that it renews: no plan renews by itself', async () => {
    expect(payer).not.toBeNull();
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await signedIn(payer!.token, '/limits', viewport);
      try {
        const card = page.locator('.plan-card');
        await card.locator('[data-figure="period-end"]').waitFor();
        const text = await card.innerText();
        expect(text).toContain('Paid until');
        expect(text).not.toMatch(/renews on/i);
        expect(text).toContain('Does not renew by itself: pay again before then to keep Pro, or the account moves to Free.');
        await screenshot(page, 'limits-paid-period');
      } finally {
        await page.context().close();
      }
    }
  });

  it('shows the admin a user’s payments with the receipt on the Subscriptions tab', async () => {
    expect(payer).not.toBeNull();
    const page = await signedIn(suite.rootToken, '/admin?tab=subscriptions');
    try {
      await page.getByLabel('User e-mail').fill(payer!.email);
      await page.getByRole('button', { name: 'Get subscription' }).click();
      const payments = page.getByTestId('admin-payments');
      const row = payments.locator('tbody tr').first();
      await row.waitFor();
      const text = await row.innerText();
      expect(text).toContain('Paid');
      expect(text).toContain('₹999');
      expect(text).toContain(payer!.receipt);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        row.getByRole('button', { name: `Download receipt ${payer!.receipt} (PDF)` }).click(),
      ]);
      expect(
        readFileSync((await download.path())!)
          .subarray(0, 5)
          .toString('latin1'),
      ).toBe('%PDF-');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-subscriptions-payments');
    } finally {
      await page.context().close();
    }
  });

  it('cancels the subscription: it stays Pro until the period ends, shown red as cancelled', async () => {
    expect(payer).not.toBeNull();
    const page = await signedIn(payer!.token, '/payment-management?tab=subscription');
    try {
      const sub = page.getByTestId('subscription-card');
      await sub.getByRole('button', { name: 'Cancel subscription' }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel subscription' });
      await dialog.getByText('There is no cancellation fee.', { exact: false }).waitFor();
      await screenshot(page, 'payments-cancel');
      await dialog.getByRole('button', { name: 'Cancel subscription' }).click();
      await toast(page, 'Subscription Cancelled').waitFor();
      await expect.poll(() => sub.locator('[data-figure="status"]').innerText()).toBe('Cancelled');
      expect(await sub.locator('.subscription-status--inactive').count()).toBe(1);
      expect(await sub.locator('[data-figure="plan"]').innerText()).toBe('Pro');
      expect(await sub.getByRole('button', { name: 'Cancel subscription' }).count()).toBe(0);
      expect(await planLabel(page).innerText()).toBe('Pro');
      await screenshot(page, 'payments-subscription-cancelled');

      // Paying for another period would make it active again: the quote says it is a renewal after the current period.
      await sub.getByRole('button', { name: 'Renew Pro' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      await confirm.getByText('Amount to pay').waitFor();
      expect(await confirm.innerText()).toContain('Renewal');
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
    } finally {
      await page.context().close();
    }
  });

  it('fits the confirmation dialog and the toggles on a phone', async () => {
    const token = await registerByApi(suite.product, unique('phone'));
    const page = await signedIn(token, '/pricing', PHONE);
    try {
      await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      await confirm.getByText('Amount to pay').waitFor();
      await screenshot(page, 'payments-confirm');
      await confirm.getByRole('button', { name: 'Cancel', exact: true }).click();
      await confirm.waitFor({ state: 'hidden' });
      await screenshot(page, 'payments-pricing');
    } finally {
      await page.context().close();
    }
  });

  it('reports a failed payment with the Payment Failed toast, and keeps the plan', async () => {
    const token = await registerByApi(suite.product, unique('declined'));
    const page = await signedIn(token, '/payment-management');
    try {
      // A new account: honest empty states, no sample data.
      await page.getByText('No payment methods yet').waitFor();
      expect(await page.locator('main').innerText()).toContain('A payment method appears here once you have paid with it');
      await screenshot(page, 'payments-methods-empty');
      await page.getByRole('tab', { name: 'Billing History' }).click();
      await page.getByText('No payments yet').waitFor();

      await page.goto('/pricing');
      await card(page, 'enterprise').getByRole('button', { name: 'Choose Enterprise' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      await confirm.getByRole('button', { name: /^Pay ₹/ }).click();
      const checkout = page.getByRole('dialog', { name: 'Test checkout' });
      await checkout.getByRole('button', { name: 'Fail', exact: true }).click();
      const failed = toast(page, 'Payment Failed');
      await failed.waitFor();
      expect((await failed.innerText()).length).toBeGreaterThan('Payment Failed'.length);
      await checkout.waitFor({ state: 'hidden' });
      await screenshot(page, 'payments-failed');
      expect(await planLabel(page).innerText()).toBe('Free');

      // Cancel in the checkout just closes it: no toast, no payment.
      await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).click();
      await confirm.getByRole('button', { name: /^Pay ₹/ }).click();
      await checkout.getByRole('button', { name: 'Cancel', exact: true }).click();
      await checkout.waitFor({ state: 'hidden' });

      await page.goto('/payment-management?tab=history');
      const row = page.locator('.payments-table tbody tr').first();
      await row.waitFor();
      expect(await row.getAttribute('data-status')).toBe('failed');
      expect(await row.locator('.payment-status--error').innerText()).toBe('Failed');
      await screenshot(page, 'payments-history-failed');
    } finally {
      await page.context().close();
    }
  });

  it('says so when loading fails (no sample data) and when verification is refused', async () => {
    const token = await registerByApi(suite.product, unique('unlucky'));
    const page = await signedIn(token, '/pricing');
    try {
      // The server's answers are replaced here, in the browser only.
      await page.route('**/api/payment/methods', (route) =>
        route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ detail: 'The read store is busy.' }) }),
      );
      await page.route('**/api/payment/verify', (route) =>
        route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ detail: 'The payment signature does not match this order.' }) }),
      );

      await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).click();
      await page.getByRole('dialog', { name: 'Confirm payment' }).getByRole('button', { name: 'Pay ₹999' }).click();
      await page.getByRole('dialog', { name: 'Test checkout' }).getByRole('button', { name: 'Pay', exact: true }).click();
      const refused = toast(page, 'Payment Verification Failed');
      await refused.waitFor();
      expect(await refused.innerText()).toContain('The payment signature does not match this order.');

      await page.goto('/payment-management?tab=methods');
      await toast(page, 'Failed to load data').waitFor();
      const alert = page.getByRole('tabpanel').getByRole('alert');
      await alert.waitFor();
      expect(await alert.innerText()).toContain('Your payment methods could not be loaded just now.');
      expect(await page.locator('.payment-method').count()).toBe(0);
      await screenshot(page, 'payments-load-failed');
    } finally {
      await page.context().close();
    }
  });

  it('shows the server’s refusal of a move down to a cheaper plan while a higher one runs', async () => {
    const token = await registerByApi(suite.product, unique('enterprise'));
    const choice = { plan_type: 'enterprise', billing_cycle: 'monthly' };
    const intent = await apiCall<{ order: { order_id: string } }>(suite.product, token, 'POST', '/api/payment/create-intent', choice);
    const paid = await apiCall<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
      suite.product,
      token,
      'POST',
      `/api/payment/test-checkout/${intent.order.order_id}`,
      { outcome: 'pay' },
    );
    await apiCall(suite.product, token, 'POST', '/api/payment/verify', {
      payment_id: paid.razorpay_payment_id,
      order_id: paid.razorpay_order_id,
      signature: paid.razorpay_signature,
      ...choice,
    });
    const page = await signedIn(token, '/pricing');
    try {
      await card(page, 'pro').getByRole('button', { name: 'Choose Pro' }).click();
      const confirm = page.getByRole('dialog', { name: 'Confirm payment' });
      const refusal = confirm.getByRole('alert');
      await refusal.waitFor();
      expect(await refusal.innerText()).toMatch(/Enterprise/);
      expect(await confirm.getByRole('button', { name: 'Pay', exact: true }).isDisabled()).toBe(true);
      await screenshot(page, 'payments-downgrade-refused');
    } finally {
      await page.context().close();
    }
  });
});

/**
 * The page that renders the receipt: pdf.js as an ES module (a script of the page itself, so
 * the test runner's transform never touches its import), page 1 onto a canvas, the text kept.
 */
const VIEWER_HTML = `<!doctype html>
<html lang="en">
<title>receipt</title>
<body style="margin:0;background:#fff">
<canvas id="page"></canvas>
<script type="module">
  try {
    const pdfjs = await import('/pdfjs/legacy/build/pdf.mjs');
    pdfjs.GlobalWorkerOptions.workerSrc = '/pdfjs/legacy/build/pdf.worker.mjs';
    const doc = await pdfjs.getDocument({ url: '/receipt.pdf', standardFontDataUrl: '/pdfjs/standard_fonts/', cMapUrl: '/pdfjs/cmaps/', wasmUrl: '/pdfjs/wasm/' }).promise;
    const page = await doc.getPage(1);
    const viewport = page.getViewport({ scale: 1.5 });
    const canvas = document.getElementById('page');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    await page.render({ canvas, viewport }).promise;
    const text = (await page.getTextContent()).items.map((item) => item.str ?? '').join(' ');
    window.__rendered = { pages: doc.numPages, text };
  } catch (error) {
    window.__rendered = { error: String(error && error.stack || error) };
  }
</script>
</body>
</html>`;

/**
 * Renders page 1 of a PDF to a PNG with pdf.js inside the browser (served from
 * node_modules on a made-up origin, nothing fetched from the network) and returns its text.
 */
async function renderPdf(browser: Browser, pdf: Buffer, pngPath: string): Promise<{ pages: number; text: string }> {
  const context: BrowserContext = await browser.newContext({ viewport: { width: 1000, height: 1400 } });
  try {
    const types: Record<string, string> = { mjs: 'text/javascript', js: 'text/javascript', wasm: 'application/wasm', json: 'application/json' };
    await context.route('http://pdf.test/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (path === '/') return route.fulfill({ contentType: 'text/html', body: VIEWER_HTML });
      if (path === '/receipt.pdf') return route.fulfill({ contentType: 'application/pdf', body: pdf });
      if (path.startsWith('/pdfjs/') && !path.includes('..')) {
        try {
          const body = readFileSync(join(PDFJS_DIR, path.slice('/pdfjs/'.length)));
          return route.fulfill({ contentType: types[path.split('.').pop() ?? ''] ?? 'application/octet-stream', body });
        } catch {
          return route.fulfill({ status: 404, body: 'not found' });
        }
      }
      return route.fulfill({ status: 404, body: 'not found' });
    });
    const page = await context.newPage();
    await page.goto('http://pdf.test/');
    const handle = await page.waitForFunction(() => (window as unknown as { __rendered?: unknown }).__rendered, undefined, { timeout: 20_000 });
    const result = (await handle.jsonValue()) as { pages: number; text: string } | { error: string };
    if ('error' in result) throw new Error(`pdf.js could not render the receipt: ${result.error}`);
    await page.locator('#page').screenshot({ path: pngPath });
    return result;
  } finally {
    await context.close();
  }
}
