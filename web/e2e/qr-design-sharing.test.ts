import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { discPng, scanPng } from '../../services/src/testing/test-images.ts';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The QR designer (docs/links.md#qr-design) and the share dialog (docs/links.md#sharing) on the
 * real server: a Pro workspace designs a link's code with colours and a logo, is warned of a
 * faint pair, saves, and sees (and downloads) the code the server draws; the share dialog
 * marks each channel; the analytics screen shows the Shares card.
 */

interface ApiLink {
  id: number;
  short_code: string;
  short_url: string;
  qr: { fg_color: string; bg_color: string; ec_level: string; margin: number; logo_id: number | null } | null;
}

describe('QR design and sharing in the browser', () => {
  const suite = useBrowserSuite('qr-root@example.com');
  let pro = '';
  let serial = 0;
  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);
  const newLink = (title: string) => call<ApiLink>(pro, 'POST', '/api/urls', { original_url: 'https://example.com/cafe-menu', title });

  beforeAll(async () => {
    // Pro holds both features in the catalogue (docs/plans.md#features); the plan editor makes sure of it here.
    const { plans } = await call<{ plans: { id: number; name: string; features: string[] }[] }>(suite.rootToken, 'GET', '/api/admin/plans');
    const plan = plans.find((item) => item.name === 'pro')!;
    await call(suite.rootToken, 'PUT', `/api/subscription/plans/${plan.id}`, {
      features: [...new Set([...plan.features, 'qr_customization', 'social_sharing'])],
    });
    pro = await registerByApi(suite.product, unique('pro'));
    const { id } = await call<{ id: number }>(pro, 'GET', '/api/users/me');
    await call(suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'pro' });
  }, 120_000);

  async function openDashboard(viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
    const page = await openSignedIn(suite.browser, suite.product, pro, '/dashboard', viewport);
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    return page;
  }

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`designs a link’s QR code with colours and a logo, and the saved code scans (${size})`, async () => {
      const link = await newLink(`Cafe menu ${size}`);
      const page = await openDashboard(viewport);
      await page.locator(`[data-short-code="${link.short_code}"]`).first().locator('[data-action="qr"]').click();
      const dialog = page.getByRole('dialog', { name: 'QR Code' });
      const designer = dialog.getByTestId('qr-designer');
      await designer.waitFor();

      // A faint pair is named as it is chosen, and Save waits.
      await designer.getByLabel('Foreground').fill('#b0bec5');
      await expect.poll(() => designer.getByTestId('qr-contrast-warning').textContent()).toMatch(/contrast of 1\.\d\d:1; at least 4\.5:1/);
      expect(await designer.getByRole('button', { name: 'Save design' }).isDisabled()).toBe(true);
      if (size === 'desktop') await screenshot(page, 'qr-designer-contrast-warning');

      await designer.getByLabel('Foreground').fill('#1b5e20');
      await designer.getByLabel('Background').fill('#fff8e1');
      await designer.getByLabel('Margin (modules)').fill('3');
      await designer.getByLabel(/^Logo/).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: discPng(96) });
      await designer.getByTestId('qr-logo-preview').waitFor();
      expect(await designer.getByLabel('Error correction').inputValue()).toBe('H');
      expect(await designer.getByTestId('qr-contrast-warning').count()).toBe(0);
      await designer.getByRole('button', { name: 'Save design' }).click();

      await expect
        .poll(async () => (await call<ApiLink>(pro, 'GET', `/api/urls/${link.id}`)).qr)
        .toEqual({ fg_color: '#1b5e20', bg_color: '#fff8e1', ec_level: 'H', margin: 3, logo_id: 1 });
      // The preview is the server's drawing of the saved design: the logo's red in the centre.
      const image = dialog.locator('img.qr__image');
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.src.length > 0 && img.naturalWidth > 0)).toBe(true);
      const preview = Buffer.from((await image.getAttribute('src'))!.split(',')[1]!, 'base64');
      expect(scanPng(preview)).toBe(`${link.short_url}?src=qr`);
      await designer.getByTestId('qr-logo-preview').scrollIntoViewIfNeeded();
      await screenshot(page, 'qr-designer-with-logo');
      expect(await seriousA11yViolations(page)).toEqual([]);

      // The download is drawn in the same design, at the size chosen.
      await dialog.getByLabel('Size').selectOption('1024');
      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download PNG' }).click();
      expect((await download).suggestedFilename()).toBe(`qr-${link.short_code}.png`);
      const file = await readFile((await (await download).path())!);
      expect(file.readUInt32BE(16)).toBe(1024);
      expect(scanPng(file)).toBe(`${link.short_url}?src=qr`);
      await page.context().close();
    }, 120_000);
  }

  it('shares a link with each channel marking it, and the analytics screen shows the Shares card', async () => {
    const link = await newLink('Launch <b>party</b> & more');
    const page = await openDashboard();
    await page.locator(`[data-short-code="${link.short_code}"]`).first().locator('[data-action="share"]').click();
    const menu = page.getByRole('dialog', { name: 'Share' }).getByTestId('share-menu');
    await menu.waitFor();
    const hrefs = await menu.locator('a[data-channel]').evaluateAll((links) => links.map((a) => [a.getAttribute('data-channel'), a.getAttribute('href')]));
    expect(hrefs.map(([channel]) => channel)).toEqual(['email', 'whatsapp', 'x', 'linkedin', 'facebook', 'telegram']);
    for (const [channel, href] of hrefs) expect(decodeURIComponent(href!)).toContain(`${link.short_url}?src=${channel}`);
    await screenshot(page, 'share-menu');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();

    // Visits through two shares, then the analytics screen.
    for (const src of ['whatsapp', 'whatsapp', 'telegram']) {
      const visit = await fetch(`${link.short_url}?src=${src}`, {
        redirect: 'manual',
        headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/126.0 Safari/537.36' },
      });
      expect(visit.status).toBe(302);
    }
    for (const viewport of [DESKTOP, PHONE]) {
      const analytics = await openSignedIn(suite.browser, suite.product, pro, `/analytics/${link.id}`, viewport);
      const card = analytics.locator('.breakdown', { has: analytics.getByRole('heading', { name: 'Shares' }) });
      await expect.poll(() => card.textContent(), { timeout: 15_000 }).toMatch(/WhatsApp\s*2.*Telegram\s*1/s);
      await card.scrollIntoViewIfNeeded();
      await screenshot(analytics, 'analytics-shares');
      await analytics.context().close();
    }
  }, 120_000);
});
