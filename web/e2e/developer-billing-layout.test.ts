import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Layouts that clipped what a person needs to read (docs/web-app.md): the curl samples on
 * /api-keys, cut at the card's edge, and the admin's subscription-history table, whose
 * columns ran off a phone's screen. Measured from the boxes the browser laid out.
 */

/** The width the issue was seen at on a laptop; the phone is the harness's 390 × 844. */
const LAPTOP = { width: 1280, height: 800 } as const;

interface Box {
  left: number;
  right: number;
}

const boxOf = async (locator: Locator): Promise<Box> => {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return { left: box.x, right: box.x + box.width };
};

/** The page itself does not scroll sideways. */
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('code samples and the subscription history fit the screen', () => {
  const suite = useBrowserSuite('layout-admin@example.com');
  let userToken: string;
  const email = 'layout-user@example.com';

  beforeAll(async () => {
    userToken = await registerByApi(suite.product, email);
    await apiCall(suite.product, userToken, 'POST', '/api/users/me/generate-api-key');
    // Two plan changes: the history has rows to lay out.
    const { id } = await apiCall<{ id: number }>(suite.product, userToken, 'GET', '/api/users/me');
    await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'pro' });
    await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'enterprise' });
  }, 120_000);

  it('shows every curl sample on /api-keys whole, wrapped inside its code block, at 1280 and 390 px', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await openSignedIn(suite.browser, suite.product, userToken, '/api-keys', viewport);
      try {
        const card = page.locator('.usage-examples');
        const samples = card.locator('.code-sample__code');
        await samples.first().waitFor();
        expect(await samples.count()).toBeGreaterThanOrEqual(3);
        const cardBox = await boxOf(card);
        for (const sample of await samples.all()) {
          const box = await boxOf(sample);
          // Inside the card, and nothing of the command hidden beyond the block's edge.
          expect(box.left).toBeGreaterThanOrEqual(cardBox.left);
          expect(box.right).toBeLessThanOrEqual(cardBox.right + 0.5);
          const { scrollWidth, clientWidth } = await sample.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
          expect(scrollWidth, `${viewport.width}px: ${await sample.innerText()}`).toBeLessThanOrEqual(clientWidth);
        }
        // The key itself (masked) is all there, in a sample's text.
        expect(await samples.first().innerText()).toMatch(/X-API-Key: ll_[\w-]{4}•+[\w-]{4}/);
        expect(await noSidewaysScroll(page)).toBe(true);
        await screenshot(page, 'api-keys-samples');
      } finally {
        await page.context().close();
      }
    }
  });

  it('shows every column of a user’s subscription history on a phone, each change as a card of labelled lines', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await openSignedIn(suite.browser, suite.product, suite.rootToken, '/admin?tab=subscriptions', viewport);
      try {
        await page.getByLabel('User e-mail').fill(email);
        await page.getByRole('button', { name: 'Get subscription' }).click();
        const table = page.getByTestId('subscription-history');
        const rows = table.locator('tbody tr');
        await rows.first().waitFor();
        expect(await rows.count()).toBeGreaterThanOrEqual(2);
        const width = viewport.width;
        for (const cell of await rows.first().locator('td').all()) {
          const box = await boxOf(cell);
          // Every value is on screen: none is cut by the card or pushed past the screen's edge.
          expect(box.left, await cell.innerText()).toBeGreaterThanOrEqual(0);
          expect(box.right, await cell.innerText()).toBeLessThanOrEqual(width);
          expect(await cell.isVisible()).toBe(true);
        }
        const first = await rows.first().innerText();
        for (const words of ['Enterprise', 'Active', 'Monthly', 'Changed by an admin']) expect(first).toContain(words);
        if (viewport === PHONE) {
          // On a phone each value is led by its column's name.
          const leads = await rows
            .first()
            .locator('td')
            .evaluateAll((cells) => cells.map((cell) => getComputedStyle(cell, '::before').content));
          expect(leads).toEqual(['"Plan"', '"Status"', '"Cycle"', '"Reason"', '"Date"']);
        }
        expect(await noSidewaysScroll(page)).toBe(true);
        expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'admin-subscription-history');
      } finally {
        await page.context().close();
      }
    }
  });

  it('documents where an API link goes, on /docs and in the support FAQ that test-mode receipts say so', async () => {
    for (const viewport of [LAPTOP, PHONE]) {
      const page = await openSignedIn(suite.browser, suite.product, userToken, '/docs?tab=endpoints', viewport);
      try {
        const create = page.locator('section.endpoint').filter({ has: page.locator('#endpoint-api-urls-api') });
        await create.waitFor();
        const placeText = await create.innerText();
        expect(placeText).toContain('custom_domain, trai_header');
        expect(placeText).toContain('Send neither and the link goes to your active domain and header');
        expect(await page.getByText('1 (or left out) for your active domain and header, 0 for this site’s own address.').count()).toBe(1);
        expect(await noSidewaysScroll(page)).toBe(true);
        await screenshot(page, 'docs-endpoints-place');

        await page.goto('/support');
        await page.getByText('How do payments work, and do plans renew by themselves?').click();
        expect(await page.locator('#faq-payments').innerText()).toContain('its receipts say they are test-mode receipts');
        await screenshot(page, 'support-faq-payments');
      } finally {
        await page.context().close();
      }
    }
  });
});
