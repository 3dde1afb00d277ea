import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, HUMAN_AGENT, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The Reports screen (docs/reports.md) on the real server: a workspace report previewed in the
 * page from the PDF the server made, its download, a weekly schedule, and the upgrade note of a
 * plan without reports, at desktop and phone sizes.
 */

describe('reports in the browser', () => {
  const suite = useBrowserSuite('reports-root@example.com');
  let serial = 0;

  async function proAccountWithClicks(): Promise<string> {
    const token = await registerByApi(suite.product, `reporter-${++serial}@example.com`);
    const { id } = await apiCall<{ id: number }>(suite.product, token, 'GET', '/api/users/me');
    await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'pro' });
    const link = await apiCall<{ short_code: string }>(suite.product, token, 'POST', '/api/urls', {
      original_url: 'https://example.com/launch',
      title: '<img src=x onerror=alert(1)> Launch',
    });
    for (let visit = 0; visit < 3; visit++) {
      await fetch(`${suite.product.baseUrl}/${link.short_code}`, { redirect: 'manual', headers: { 'user-agent': HUMAN_AGENT } });
    }
    return token;
  }

  /** `drawn`: wait for the browser's PDF viewer to draw it (headless Chromium draws none in a phone-wide frame). */
  async function previewReport(page: Page, drawn: boolean) {
    await page.getByRole('heading', { name: 'Reports', exact: true }).waitFor();
    await page.getByRole('button', { name: 'Preview' }).click();
    const preview = page.getByTestId('report-preview');
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    // The browser's PDF viewer has the report once the frame has loaded.
    await page.locator('[data-testid="report-preview"][data-loaded="true"]').waitFor();
    if (drawn) {
      // Chromium's PDF viewer draws the page after the frame loads: until then the frame is one flat
      // colour, whose PNG is a few kilobytes; the drawn report's text and chart make it far larger.
      await expect.poll(async () => (await preview.screenshot()).length, { timeout: 20_000 }).toBeGreaterThan(30_000);
    }
    await screenshot(page, 'report-preview');
  }

  it('previews a workspace report, downloads it and schedules it weekly (desktop)', async () => {
    const page = await openSignedIn(suite.browser, suite.product, await proAccountWithClicks(), '/reports', DESKTOP);
    await previewReport(page, true);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download PDF' }).click();
    expect((await download).suggestedFilename()).toMatch(/^report_workspace_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.pdf$/);

    const schedules = page.getByTestId('report-schedules');
    await page.locator('.reports__recipient input').first().check();
    await page.getByRole('button', { name: 'Schedule report' }).click();
    await schedules.getByText('Weekly').waitFor();
    expect(await schedules.getByText('Whole workspace').count()).toBe(1);
    await screenshot(page, 'report-schedules');
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  }, 90_000);

  it('previews a report on a phone without overflowing', async () => {
    const page = await openSignedIn(suite.browser, suite.product, await proAccountWithClicks(), '/reports', PHONE);
    await previewReport(page, false);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();
  }, 90_000);

  it('tells a Free account that reports need Pro', async () => {
    const token = await registerByApi(suite.product, 'free-reporter@example.com');
    const page = await openSignedIn(suite.browser, suite.product, token, '/reports', DESKTOP);
    await page.getByTestId('reports-upgrade').waitFor();
    expect(await page.getByRole('button', { name: 'Preview' }).count()).toBe(0);
    await screenshot(page, 'report-upgrade');
    await page.context().close();
  }, 60_000);
});
