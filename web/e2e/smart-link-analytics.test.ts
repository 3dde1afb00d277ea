import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqliteEventStore } from '../../services/src/stores/events/sqlite-event-store.ts';
import { eventually } from '../../services/src/testing/eventually.ts';
import { seedClicks } from '../../services/src/testing/seed-clicks.ts';
import {
  DESKTOP,
  HUMAN_AGENT,
  PHONE,
  SCREENSHOT_DIR,
  apiCall,
  launchBrowser,
  openSignedIn,
  registerByApi,
  screenshot,
  seriousA11yViolations,
  startProduct,
  type Product,
} from './harness.ts';

/**
 * The analytics screen of a link whose clicks were sent by targeting rules and A/B variants
 * (docs/analytics.md#by-rule-and-variant), at desktop and phone sizes. The clicks are appended
 * to the product's log as the redirect records them, from this process: the server picks up
 * another process's appends.
 */
describe('analytics by rule and by variant in the browser', () => {
  let product: Product;
  let browser: Browser;
  let token: string;
  let link: { id: number };

  beforeAll(async () => {
    [product, browser] = await Promise.all([startProduct(), launchBrowser()]);
    token = await registerByApi(product, `splits-${Date.now()}@example.com`);
    const me = await apiCall<{ id: number }>(product, token, 'GET', '/api/users/me');
    link = await apiCall<{ id: number }>(product, token, 'POST', '/api/urls', { original_url: 'https://example.com/launch', title: 'Spring launch' });
    const events = new SqliteEventStore(join(product.dataDir, 'events.db'));
    try {
      const platform = { events, clock: () => new Date() };
      const on = { id: link.id, owner_id: me.id };
      await seedClicks(platform, on, 6, [HUMAN_AGENT], { rule: 1, destination: 'https://apps.apple.com/app/spring-launch/id1', visitor_hash: 'ios' });
      await seedClicks(platform, on, 3, [HUMAN_AGENT], {
        rule: 2,
        destination: 'https://play.google.com/store/apps/details?id=spring',
        visitor_hash: 'android',
      });
      await seedClicks(platform, on, 5, [HUMAN_AGENT], { variant: 1, destination: 'https://example.com/launch', visitor_hash: 'a' });
      await seedClicks(platform, on, 4, [HUMAN_AGENT], { variant: 2, destination: 'https://example.com/launch-b', visitor_hash: 'b' });
      // A crawler's visits are kept but never counted.
      await seedClicks(platform, on, 4, ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)'], {
        rule: 1,
        destination: 'https://apps.apple.com/app/spring-launch/id1',
        visitor_hash: 'bot',
      });
    } finally {
      await events.close();
    }
    // The server's analytics projector picks the appended clicks up within moments.
    const analytics = () => apiCall<{ total_clicks: number }>(product, token, 'GET', `/api/urls/${link.id}/analytics`);
    await eventually(async () => (await analytics()).total_clicks === 18, 20_000, 'the appended clicks to reach analytics');
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await product?.stop();
  });

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`shows clicks, unique visitors and share per rule and per variant (${size})`, async () => {
      const page = await openSignedIn(browser, product, token, `/analytics/${link.id}`, viewport);
      const rules = page.getByRole('region', { name: 'By targeting rule' });
      const variants = page.getByRole('region', { name: 'By A/B variant' });
      await rules.waitFor();
      expect(await page.locator('[data-tile="Total Clicks"] .tile__value').innerText()).toBe('18');
      const rows = async (region: typeof rules) =>
        (await region.locator('tbody tr').all()).map(async (row) => (await row.locator('td').allInnerTexts()).map((text) => text.replace(/\s+/g, ' ').trim()));
      expect(await Promise.all(await rows(rules))).toEqual([
        ['Rule 1 https://apps.apple.com/app/spring-launch/id1', '6', '6', '33.3%'],
        ['Rule 2 https://play.google.com/store/apps/details?id=spring', '3', '3', '16.7%'],
        ['No rule https://example.com/launch', '5', '5', '27.8%'],
        ['No rule https://example.com/launch-b', '4', '4', '22.2%'],
      ]);
      expect(await Promise.all(await rows(variants))).toEqual([
        ['Variant A https://example.com/launch', '5', '5', '27.8%'],
        ['Variant B https://example.com/launch-b', '4', '4', '22.2%'],
        ['No split https://apps.apple.com/app/spring-launch/id1', '6', '6', '33.3%'],
        ['No split https://play.google.com/store/apps/details?id=spring', '3', '3', '16.7%'],
      ]);
      // Nothing wider than the screen on a phone: long destinations wrap.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await rules.scrollIntoViewIfNeeded();
      await screenshot(page, 'analytics-by-rule-and-variant');
      await rules.screenshot({ path: join(SCREENSHOT_DIR, `analytics-by-rule-${size}.png`) });
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.context().close();
    });

    it(`says how far back the Free plan shows clicks, offers no older period and notes what Enterprise adds (${size})`, async () => {
      const page = await openSignedIn(browser, product, token, `/analytics/${link.id}`, viewport);
      const note = page.getByRole('note').filter({ hasText: 'plan shows the last' });
      await note.waitFor();
      expect(await note.innerText()).toBe('Your Free plan shows the last 30 days of clicks. Upgrade to see up to 90/365 days.');
      expect(await page.getByLabel('Period').locator('option').allInnerTexts()).toEqual(['Last 7 days', 'Last 30 days', 'Custom range…']);
      expect(await page.locator('[data-tile="Total Clicks"] .tile__hint').innerText()).toBe('Last 30 days');
      const upgrade = page.locator('[data-upgrade="enterprise_analytics"]');
      expect(await upgrade.innerText()).toContain('are on the Enterprise plan');
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      // The whole page: the note under the period picker and the Enterprise note further down.
      await screenshot(page, 'analytics-retention-note');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.context().close();
    });
  }
});
