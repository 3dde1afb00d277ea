import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, HUMAN_AGENT, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The UTM builder in the browser (docs/links.md#utm-parameters) on the real server: the five
 * fields with the final address live, a template saved and applied, the link created with the
 * parameters and visited (the redirect adds them), and the Campaigns screen that counts it.
 */

type Viewport = { width: number; height: number };

describe('the UTM builder in the browser', () => {
  const suite = useBrowserSuite('utm-root@example.com');
  let serial = 0;
  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  async function openCreateWithBuilder(token: string, viewport: Viewport) {
    const page = await openSignedIn(suite.browser, suite.product, token, '/dashboard', viewport);
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    await page.locator('.dashboard__actions').getByRole('button', { name: 'Create Link' }).click();
    const create = page.getByRole('dialog', { name: 'Create New URL' });
    await create.getByLabel('Destination URL').waitFor();
    await create.getByTestId('utm-builder').locator('summary').click();
    return { page, create };
  }

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`builds the final address live, saves and applies a template, and creates the link with it (${size})`, async () => {
      const token = await registerByApi(suite.product, unique(`utm-${size}`));
      const { page, create } = await openCreateWithBuilder(token, viewport);
      await create.getByLabel('Destination URL').fill('https://shop.example/p?colour=red#reviews');
      const builder = create.getByTestId('utm-builder');
      await builder.getByLabel('Source', { exact: true }).fill('newsletter');
      await builder.getByLabel('Medium', { exact: true }).fill('email');
      await builder.getByLabel('Campaign', { exact: true }).fill('spring & summer');
      const preview = builder.getByTestId('utm-preview');
      await expect
        .poll(() => preview.textContent())
        .toContain('https://shop.example/p?colour=red&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20%26%20summer#reviews');

      await builder.getByLabel('Save these parameters as a template').fill('Newsletter');
      await builder.getByRole('button', { name: 'Save template' }).click();
      await builder.getByLabel('Template', { exact: true }).locator('option', { hasText: 'Newsletter' }).waitFor({ state: 'attached' });
      // Cleared, then filled again from the template.
      for (const label of ['Source', 'Medium', 'Campaign']) await builder.getByLabel(label, { exact: true }).fill('');
      await builder.getByLabel('Template', { exact: true }).selectOption({ label: 'Newsletter' });
      await builder.getByRole('button', { name: 'Apply' }).click();
      expect(await builder.getByLabel('Campaign', { exact: true }).inputValue()).toBe('spring & summer');

      await builder.evaluate((area) => area.scrollIntoView({ block: 'start' }));
      expect(await noHorizontalOverflow(page)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, `utm-builder-${size}`);

      await create.getByRole('button', { name: 'Create URL' }).click();
      await page.getByTestId('create-success').waitFor();
      const links = await apiCall<{ id: number; short_code: string; utm_campaign: string | null }[]>(suite.product, token, 'GET', '/api/urls');
      expect(links[0]).toMatchObject({ utm_campaign: 'spring & summer' });
      const visit = await fetch(`${suite.product.baseUrl}/${links[0]!.short_code}`, { redirect: 'manual', headers: { 'user-agent': HUMAN_AGENT } });
      expect(visit.headers.get('location')).toBe(
        'https://shop.example/p?colour=red&utm_source=newsletter&utm_medium=email&utm_campaign=spring%20%26%20summer#reviews',
      );

      const campaigns = await openSignedIn(suite.browser, suite.product, token, '/analytics/campaigns', viewport);
      await campaigns.getByRole('heading', { level: 1, name: 'Campaigns' }).waitFor();
      await campaigns.locator('[data-campaign="spring & summer"]').waitFor();
      await screenshot(campaigns, `utm-campaigns-${size}`);
      expect(await noHorizontalOverflow(campaigns)).toBe(true);
    }, 120_000);
  }
});
