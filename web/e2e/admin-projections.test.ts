import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, HUMAN_AGENT, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The admin's projections tab (docs/admin.md#projections) on the real server: the projectors'
 * figures, a rebuild started with a click and followed to the end, the bot policy changed and
 * replayed over every click with its before/after counts, at desktop and phone sizes.
 */

const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const INTERNAL = `${HUMAN_AGENT} AcmeInternal/2.0`;

describe('projections tab in the browser', () => {
  const suite = useBrowserSuite();

  beforeAll(async () => {
    const owner = await registerByApi(suite.product, 'owner@example.com');
    const link = await apiCall<{ short_code: string }>(suite.product, owner, 'POST', '/api/urls', { original_url: 'https://example.com/' });
    // 6 people, 4 Googlebots, 2 of an internal checker no list knows.
    const visits = [...Array<string>(6).fill(HUMAN_AGENT), ...Array<string>(4).fill(GOOGLEBOT), ...Array<string>(2).fill(INTERNAL)];
    for (const userAgent of visits) {
      const response = await fetch(`${suite.product.baseUrl}/${link.short_code}`, { redirect: 'manual', headers: { 'user-agent': userAgent } });
      expect(response.status).toBe(302);
    }
  }, 120_000);

  async function open(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
    const page = await openSignedIn(suite.browser, suite.product, suite.rootToken, '/admin?tab=projections', viewport);
    await page.locator('tr[data-projector="analytics"]').waitFor();
    return page;
  }

  const rebuildCard = (page: Page) => page.locator('section[data-rebuild]');
  /** Waits for the rebuild card of that title to say Done. */
  const waitDone = (page: Page, title: string) =>
    page.locator('section[data-rebuild="done"]', { has: page.getByRole('heading', { name: title }) }).waitFor({ timeout: 30_000 });
  const count = (page: Page, row: 'human' | 'bot') => page.locator(`tr[data-count="${row}"] td`).allInnerTexts();

  it('shows each projector’s figures, rebuilds one with a click, and replays a changed bot policy with counts before and after', async () => {
    const page = await open();
    try {
      for (const key of ['read', 'analytics']) {
        const row = page.locator(`tr[data-projector="${key}"]`);
        await expect.poll(() => row.locator('[data-figure="lag-seconds"]').innerText(), { timeout: 15_000 }).toBe('caught up');
        expect(await row.getByText('Running').count()).toBe(1);
        expect(await row.locator('[data-figure="rate"]').innerText()).toMatch(/\/s$/);
      }

      await page.getByRole('button', { name: 'Rebuild read model' }).click();
      await page.locator('.status-message', { hasText: 'Rebuild of the read model started successfully' }).waitFor();
      await waitDone(page, 'Rebuild of the read model');
      expect(await rebuildCard(page).locator('[data-figure="rebuild-line"]').innerText()).toMatch(
        /^Done: [\d,]+ events applied in .+; the rebuilt copy is live\.$/,
      );
      expect(await rebuildCard(page).innerText()).toContain('by root@example.com');

      // Search engines are people now; the internal checker is a bot.
      await page.getByRole('checkbox', { name: /Count known crawlers and tools as bots/ }).uncheck();
      await page.getByLabel('Also count as bots user agents containing').fill('AcmeInternal\n');
      await page.getByRole('button', { name: 'Save bot policy' }).click();
      await page.locator('.status-message', { hasText: 'Bot policy saved successfully' }).waitFor();
      await page.getByText('Replay needed').waitFor();

      await page.getByRole('button', { name: 'Replay over all clicks' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Replay' }).click();
      await page.locator('.status-message', { hasText: 'Bot-policy replay started successfully' }).waitFor();
      await waitDone(page, 'Bot-policy replay');
      expect(await count(page, 'human')).toEqual(['8', '10', '+2']);
      expect(await count(page, 'bot')).toEqual(['4', '2', '−2']);
      await expect.poll(() => page.getByText('Replay needed').count(), { timeout: 10_000 }).toBe(0);
      expect(await page.getByLabel('Also count as bots user agents containing').inputValue()).toBe('acmeinternal');

      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-projections');
    } finally {
      await page.context().close();
    }

    const phone = await open(PHONE);
    try {
      await waitDone(phone, 'Bot-policy replay');
      expect(await count(phone, 'human')).toEqual(['8', '10', '+2']);
      expect(await seriousA11yViolations(phone)).toEqual([]);
      await screenshot(phone, 'admin-projections');
    } finally {
      await phone.context().close();
    }
  });

  it('shows a rebuild under way with its progress bar, and no second start meanwhile', async () => {
    const page = await open();
    try {
      // A rebuild of this small log is over in a blink: the report is held at a moment mid-way.
      await page.route('**/api/admin/projections', async (route) => {
        const response = await route.fetch();
        const report = (await response.json()) as { rebuild: Record<string, unknown> };
        const rebuild = {
          ...report.rebuild,
          reason: 'rebuild',
          projections: ['analytics'],
          state: 'running',
          phase: 'copying',
          done: 12_000,
          total: 40_000,
          events: 11_500,
        };
        await route.fulfill({
          response,
          json: { ...report, rebuild: { ...rebuild, events_per_second: 2300, progress_known: true, finished_at: null, duration_ms: null, clicks: null } },
        });
      });
      await page.reload();
      const bar = page.getByRole('progressbar', { name: 'Rebuild of the analytics progress' });
      await bar.waitFor();
      expect(await bar.getAttribute('aria-valuenow')).toBe('30');
      expect(await rebuildCard(page).locator('[data-figure="rebuild-line"]').innerText()).toBe(
        '30 % · Copying the log into a fresh copy: 12,000 of 40,000 positions · 2,300/s',
      );
      expect(await page.getByRole('button', { name: 'Rebuild analytics' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Replay over all clicks' }).isDisabled()).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-projections-running');
    } finally {
      // The tab polls the report: a poll still held by the route when the page closes is dropped, not failed.
      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await page.context().close();
    }
  });

  it('lets the super admin purge old analytics after a confirmation that says the log keeps the clicks', async () => {
    const page = await open();
    try {
      const card = page.getByRole('region', { name: 'Purge old analytics' });
      await card.getByLabel('Older than (days)').fill('3650');
      await card.getByRole('button', { name: 'Purge analytics…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Purge old analytics?' });
      expect(await dialog.innerText()).toContain('The clicks stay in the event log');
      await screenshot(page, 'admin-analytics-purge');
      await dialog.getByRole('button', { name: 'Purge' }).click();
      await card.getByText('purged. The clicks stay in the log.').waitFor();
      // Ten years back: every click of this suite is younger, so analytics still count them all.
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });
});
