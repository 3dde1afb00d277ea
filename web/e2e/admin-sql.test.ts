import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, HUMAN_AGENT, PHONE, apiCall, screenshot, seriousA11yViolations, openSignedIn } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The admin SQL tab (docs/analysts.md#the-admin-console) on the real server: starter and
 * saved queries, a run with Ctrl+Enter, an error in ClickHouse's words, a download, and an
 * analyst's credential issued with its password shown once.
 */
describe('the admin SQL console in the browser', () => {
  const suite = useBrowserSuite();

  beforeAll(async () => {
    const link = await apiCall<{ short_code: string }>(suite.product, suite.rootToken, 'POST', '/api/urls', {
      original_url: 'https://example.com/',
      title: '<img src=x onerror=alert(1)>',
    });
    for (let i = 0; i < 3; i++)
      await fetch(`${suite.product.baseUrl}/${link.short_code}`, {
        redirect: 'manual',
        headers: { 'user-agent': HUMAN_AGENT, referer: 'https://news.example/' },
      });
    // The analytics projector writes clicks in batches: wait until the console sees them.
    for (let tries = 0; ; tries++) {
      const answer = await apiCall<{ rows: string[][] }>(suite.product, suite.rootToken, 'POST', '/api/admin/sql', { query: 'SELECT count() FROM clicks' });
      if (answer.rows[0]?.[0] === '3') break;
      if (tries > 100) throw new Error('The clicks never reached the analysts’ tables');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }, 120_000);

  async function open(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
    const page = await openSignedIn(suite.browser, suite.product, suite.rootToken, '/admin?tab=sql', viewport);
    await page.getByRole('heading', { name: 'SQL console' }).waitFor();
    return page;
  }

  it('runs starter and typed queries, shows errors, downloads, saves, and issues a credential', async () => {
    const page = await open();
    try {
      const editor = page.getByLabel('SQL query');
      await page.getByRole('button', { name: 'Top referrers of a link' }).click();
      expect(await editor.inputValue()).toContain('{code:String}');
      await page.getByLabel('code (String)').waitFor();

      await page.getByRole('button', { name: 'Bots share by browser' }).click();
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.locator('.sql__table').waitFor();
      expect(await page.locator('.sql__table th').allInnerTexts()).toEqual([
        'browser\nLowCardinality(String)',
        'clicks\nUInt64',
        'bots\nUInt64',
        'bot_percent\nFloat64',
      ]);
      expect(await page.locator('.sql__result [role=status]').innerText()).toMatch(/^1 row · [\d.,]+ ms · [\d,]+ rows? read$/);

      // Typed, run with Ctrl+Enter; what the query returns is shown as text, never markup.
      await editor.fill('SELECT title, count() AS clicks FROM clicks JOIN links USING link_id GROUP BY title');
      await editor.press('Control+Enter');
      await page.locator('.sql__table td', { hasText: '<img src=x onerror=alert(1)>' }).waitFor();
      expect(await page.locator('.sql__table img').count()).toBe(0);

      await editor.fill('DROP TABLE clicks');
      await editor.press('Control+Enter');
      expect(await page.getByRole('alert').innerText()).toMatch(/^Code: 164\. DB::Exception: .*\(READONLY\)/);

      await editor.fill('SELECT country, referrer FROM clicks');
      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: 'Download CSV' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('query.csv');
      expect((await (await file.createReadStream()).toArray()).join('')).toBe('country,referrer\n,news.example\n,news.example\n,news.example\n');

      await page.getByLabel('Save as').fill('Referrers');
      await page.getByRole('button', { name: 'Save', exact: true }).click();
      await page.getByText('Query saved successfully').waitFor();
      await page.getByRole('button', { name: 'Delete saved query Referrers' }).waitFor();

      await page.getByLabel('Analyst name').fill('ana');
      await page.getByRole('button', { name: 'Issue credential' }).click();
      const password = await page.locator('.sql__password').innerText();
      expect(password).toMatch(/^lla_/);
      await page.getByRole('button', { name: 'Revoke' }).waitFor();

      await editor.fill('SELECT referrer, count() AS clicks FROM clicks GROUP BY referrer');
      await editor.press('Control+Enter');
      await page.locator('.sql__table td', { hasText: 'news.example' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-sql');
    } finally {
      await page.context().close();
    }
  });

  it('fits a phone without sideways scrolling', async () => {
    const page = await open(PHONE);
    try {
      await page.getByRole('button', { name: 'Run', exact: true }).click();
      await page.locator('.sql__table').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-sql');
    } finally {
      await page.context().close();
    }
  });
});
