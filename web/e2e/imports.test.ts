import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The Import screen (docs/import.md) on the real server: from the dashboard to a CSV file's
 * import, its progress and each row's outcome (kept codes, a code drawn anew, a row that
 * failed), and the result file's download, at desktop and phone sizes.
 */

const rows = [
  'url,code,title,tags',
  'javascript:alert(1),badrow,Not a web address,',
  'https://example.com/hostile,"<img src=x onerror=alert(1)>",Hostile code,',
  ...Array.from({ length: 240 }, (_, i) => `https://example.com/page/${i + 1},SLUG${i + 1},Page ${i + 1},`),
];

describe('imports in the browser', () => {
  const suite = useBrowserSuite('imports-root@example.com');
  let serial = 0;

  async function proAccount(): Promise<string> {
    const token = await registerByApi(suite.product, `importer-${++serial}@example.com`);
    const { id } = await apiCall<{ id: number }>(suite.product, token, 'GET', '/api/users/me');
    await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'pro' });
    return token;
  }

  async function importCsv(page: Page, size: string, prefix: string) {
    await page.getByRole('heading', { name: 'Import links' }).waitFor();
    const file = rows.map((line) => line.replaceAll('SLUG', `${prefix}-`)).join('\n');
    await page.getByLabel('CSV file').setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(file) });
    await page.getByRole('button', { name: 'Start import' }).click();
    await page.getByTestId('import-job').waitFor();
    await screenshot(page, `import-progress-${size}`);
    await page.locator('[data-testid="import-job"][data-status="finished"]').waitFor({ timeout: 30_000 });
    await page.locator('[data-outcome="failed"] td').first().waitFor();
    await screenshot(page, `import-result-${size}`);
  }

  it('imports a CSV file from the dashboard and shows each row’s outcome and the result file (desktop)', async () => {
    const page = await openSignedIn(suite.browser, suite.product, await proAccount(), '/dashboard', DESKTOP);
    await page.getByTestId('import-link').click();
    await importCsv(page, 'desktop', 'd');
    const counts = page.locator('.imports__counts');
    expect(await counts.locator('[data-outcome="created"] dd').textContent()).toBe('240');
    expect(await counts.locator('[data-outcome="code_changed"] dd').textContent()).toBe('1');
    expect(await counts.locator('[data-outcome="failed"] dd').textContent()).toBe('1');
    // The hostile code is shown as text, never run.
    expect(await page.getByText('<img src=x onerror=alert(1)>', { exact: true }).count()).toBe(1);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download result file' }).click();
    expect((await download).suggestedFilename()).toMatch(/^import_\d+_result\.csv$/);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('imports a CSV file on a phone', async () => {
    const page = await openSignedIn(suite.browser, suite.product, await proAccount(), '/import', PHONE);
    await importCsv(page, 'phone', 'p');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 90_000);
});
