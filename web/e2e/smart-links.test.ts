import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Smart links in the browser (docs/links.md#smart-links) on the real server: the Create and
 * Edit dialogs' Smart link area (schedule and expiry, password, targeting rules, A/B split,
 * social card) at desktop and phone size, the controls a Free workspace lacks shown disabled
 * with the upgrade text, and a link's controls as badges on its card.
 */

const SMART_KEYS = ['link_expiration', 'password_protection', 'mobile_redirect', 'advanced_url_editing', 'ab_testing', 'social_sharing'];

interface ApiLink {
  id: number;
  short_code: string;
  original_url: string;
  expires_at: string | null;
  max_clicks: number | null;
  has_password: boolean;
  rules: { url: string; conditions: Record<string, unknown> }[];
  variants: { url: string; weight: number }[];
  og: { title: string; description: string; image_url: string | null } | null;
}

type Viewport = { width: number; height: number };

/** A moment some hours from now as a `datetime-local` input takes it: the browser and this process share the machine's time zone. */
function localInput(hoursFromNow: number): string {
  const date = new Date(Date.now() + hoursFromNow * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

describe('smart links in the browser', () => {
  const suite = useBrowserSuite('smart-root@example.com');
  let serial = 0;
  /** An Enterprise account: its plan holds every smart-link control. */
  let enterprise = '';

  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);

  beforeAll(async () => {
    // The plan catalogue grants Enterprise every control (docs/plans.md#features); the plan editor makes sure of it here,
    // so this test is about the dialogs whatever an administrator did to the catalogue.
    const { plans } = await call<{ plans: { id: number; name: string; features: string[] }[] }>(suite.rootToken, 'GET', '/api/admin/plans');
    const plan = plans.find((item) => item.name === 'enterprise')!;
    await call(suite.rootToken, 'PUT', `/api/subscription/plans/${plan.id}`, { features: [...new Set([...plan.features, ...SMART_KEYS])] });
    enterprise = await registerByApi(suite.product, unique('enterprise'));
    const { id } = await call<{ id: number }>(enterprise, 'GET', '/api/users/me');
    await call(suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'enterprise' });
  }, 120_000);

  const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
  const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });
  const noHorizontalOverflow = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const row = (page: Page, code: string) => page.locator(`[data-short-code="${code}"]`);

  /** The dialog scrolls inside itself: one screenshot from the Smart link area's top, one of the split and the card. */
  async function screenshotArea(page: Page, form: Locator, name: string) {
    await form.getByTestId('smart-link').evaluate((area) => area.scrollIntoView({ block: 'start' }));
    await screenshot(page, name);
    await form.getByTestId('controls-split').evaluate((part) => part.scrollIntoView({ block: 'start' }));
    await screenshot(page, `${name}-split`);
  }

  async function openDashboard(token: string, viewport: Viewport = DESKTOP): Promise<Page> {
    const page = await openSignedIn(suite.browser, suite.product, token, '/dashboard', viewport);
    await page.getByRole('heading', { level: 1, name: /^Welcome back/ }).waitFor();
    return page;
  }

  /** The dashboard's Create Link, then the Smart link area opened. */
  async function openCreate(page: Page): Promise<Locator> {
    await page.locator('.dashboard__actions').getByRole('button', { name: 'Create Link' }).click();
    const create = dialog(page, 'Create New URL');
    await create.getByLabel('Destination URL').waitFor();
    // Collapsed until asked for: the plain dialog looks as it did.
    expect(await create.getByLabel('Click limit').isVisible()).toBe(false);
    await create.getByText('Smart link', { exact: true }).click();
    await create.getByLabel('Click limit').waitFor();
    return create;
  }

  /** Every control filled in, as a person would: the split first left at 60/30 to see it refused. */
  async function fillControls(create: Locator) {
    await create.getByLabel('Expires at').fill(localInput(3 * 24 + 1));
    await create.getByLabel('Click limit').fill('100');
    await create.getByLabel('After expiry go to').fill('https://example.com/sale-over');
    await create.getByLabel('Password', { exact: true }).fill('open sesame');
    await create.getByRole('button', { name: 'Add rule' }).click();
    await create.getByLabel('Rule 1 destination url').fill('https://apps.apple.com/in/app/shop');
    await create.getByLabel('Rule 1 device').selectOption('ios');
    await create.getByLabel('Rule 1 country').fill('IN');
    await create.getByRole('button', { name: 'Start an A/B split' }).click();
    await create.getByLabel('Variant 1 URL').fill('https://example.com/sale-a');
    await create.getByLabel('Variant 2 URL').fill('https://example.com/sale-b');
    await create.getByLabel('Variant 1 weight').fill('60');
    await create.getByLabel('Variant 2 weight').fill('30');
    expect(await text(create.getByTestId('split-total'))).toBe('Total: 90% of 100%');
  }

  it('shows a Free workspace the controls its plan lacks disabled, with the upgrade text and the way to the plans', async () => {
    const free = await registerByApi(suite.product, unique('free'));
    const page = await openDashboard(free);
    const create = await openCreate(page);
    for (const [section, upgrade] of [
      ['controls-schedule', 'Link expiry and scheduling are available on Pro and Enterprise plans.'],
      ['controls-password', 'Password-protected links are available on Pro and Enterprise plans.'],
      ['controls-split', 'A/B split destinations are available on the Enterprise plan.'],
      ['controls-card', 'Custom social cards are available on Pro and Enterprise plans.'],
      ['controls-rules', 'Device targeting is available on Pro and Enterprise plans.'],
    ] as const) {
      const part = create.getByTestId(section);
      const note = part.getByTestId('control-upgrade').filter({ hasText: upgrade });
      expect(await note.count(), section).toBe(1);
      expect(await note.getByRole('link', { name: 'View Pricing Plans' }).getAttribute('href')).toBe('/pricing');
    }
    for (const label of ['Expires at', 'Click limit', 'After expiry go to', 'Password', 'Card title']) {
      expect(await create.getByLabel(label, { exact: true }).isDisabled(), label).toBe(true);
    }
    expect(await create.getByRole('button', { name: 'Start an A/B split' }).isDisabled()).toBe(true);
    expect(await create.getByRole('button', { name: 'Fetch from destination' }).isDisabled()).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotArea(page, create, 'smart-link-create-free');
    // A plain link is still made as before.
    await create.getByLabel('Destination URL').fill('https://example.com/free-plain');
    await create.getByRole('button', { name: 'Create URL' }).click();
    await create.getByText('URL created successfully!').waitFor();
    await page.context().close();
  });

  it('lays the Smart link area out at desktop and phone size, adds up the split, and fills the card from the destination', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await openDashboard(enterprise, viewport);
      await page.route('**/api/links/preview-card', (route) =>
        route.fulfill({
          json: { title: 'Winter sale — up to 50% off', description: 'Only this week, across the store.', image_url: 'https://example.com/card.png' },
        }),
      );
      const create = await openCreate(page);
      await create.getByLabel('Destination URL').fill('https://example.com/winter/sale');
      await fillControls(create);
      await create.getByRole('button', { name: 'Add variant' }).click();
      expect(await create.getByTestId('variant').count()).toBe(3);
      await create.getByRole('button', { name: 'Remove variant 3' }).click();
      await create.getByRole('button', { name: 'Fetch from destination' }).click();
      await expect.poll(() => create.getByLabel('Card title').inputValue()).toBe('Winter sale — up to 50% off');
      expect(await create.getByLabel('Card image URL').inputValue()).toBe('https://example.com/card.png');
      // Weights that do not add up to 100 are refused next to the split, and nothing is sent.
      await create.getByRole('button', { name: 'Create URL' }).click();
      await create.getByTestId('controls-split').getByRole('alert').filter({ hasText: 'The weights add up to 90; they must add up to 100.' }).waitFor();
      expect(await noHorizontalOverflow(page)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshotArea(page, create, 'smart-link-create');
      // Rules move and go.
      await create.getByRole('button', { name: 'Add rule' }).click();
      await create.getByLabel('Rule 2 destination url').fill('https://example.com/hindi');
      await create.getByRole('button', { name: 'Move rule 2 up' }).click();
      expect(await create.getByLabel('Rule 1 destination url').inputValue()).toBe('https://example.com/hindi');
      await create.getByRole('button', { name: 'Remove rule 1' }).click();
      expect(await create.getByLabel('Rule 1 destination url').inputValue()).toBe('https://apps.apple.com/in/app/shop');
      await page.context().close();
    }
  });

  // Needs the server side of smart links (the create, edit and promote calls storing the controls).
  it('creates a link with controls, shows them as badges, edits only what changed and promotes a variant', async () => {
    const page = await openDashboard(enterprise);
    const create = await openCreate(page);
    await create.getByLabel('Destination URL').fill('https://example.com/winter/launch');
    await create.getByLabel('Title (optional)').fill('Winter launch');
    await create.getByLabel('Custom back-half').fill('winter-launch');
    await fillControls(create);
    await create.getByLabel('Variant 2 weight').fill('40');
    await create.getByLabel('Card title').fill('Winter launch');
    await create.getByRole('button', { name: 'Create URL' }).click();
    await create.getByText('URL created successfully!').waitFor();
    await create.waitFor({ state: 'hidden', timeout: 5000 });

    const links = (await call<{ urls: ApiLink[] }>(enterprise, 'GET', '/api/urls?include_counts=true&limit=100')).urls;
    const link = links.find((item) => item.short_code === 'winter-launch')!;
    expect(link).toMatchObject({
      max_clicks: 100,
      has_password: true,
      rules: [{ url: 'https://apps.apple.com/in/app/shop', conditions: { device: 'ios', country: 'IN' } }],
      variants: [
        { url: 'https://example.com/sale-a', weight: 60 },
        { url: 'https://example.com/sale-b', weight: 40 },
      ],
      og: { title: 'Winter launch', description: '', image_url: null },
    });

    const badges = row(page, 'winter-launch').getByTestId('control-badges').locator('li');
    await expect.poll(() => badges.allTextContents()).toEqual(['Expires in 3 days', '100 of 100 clicks left', 'Password', '1 rule', 'A/B 60/40', 'Card']);
    expect(await badges.filter({ hasText: '1 rule' }).getAttribute('title')).toBe('1. ios, IN → https://apps.apple.com/in/app/shop');
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.locator('li.link-card[data-short-code="winter-launch"]').getByTestId('control-badges').waitFor();
    await screenshot(page, 'smart-link-badges');

    // Edit: the area opens on a link with controls; the password is never shown back.
    await row(page, 'winter-launch').getByRole('button', { name: 'Edit Winter launch' }).click();
    const edit = dialog(page, 'Edit URL');
    await edit.getByLabel('Click limit').waitFor();
    expect(await edit.getByLabel('Click limit').inputValue()).toBe('100');
    await edit.getByText('Password set').waitFor();
    expect(await edit.locator('input[type="password"]').count()).toBe(0);
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshotArea(page, edit, 'smart-link-edit');
    const sent: unknown[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH') sent.push(request.postDataJSON());
    });
    await edit.getByLabel('Click limit').fill('250');
    await edit.getByLabel('Card title').fill('');
    await edit.getByRole('button', { name: 'Save Changes' }).click();
    await edit.waitFor({ state: 'hidden' });
    expect(sent).toEqual([{ max_clicks: 250, og: null }]);
    await expect.poll(() => row(page, 'winter-launch').getByTestId('control-badges').locator('li').allTextContents()).toContain('250 of 250 clicks left');

    // Promote variant 2 after the confirm: it becomes the destination and the split ends.
    await row(page, 'winter-launch').getByRole('button', { name: 'Edit Winter launch' }).click();
    await edit.getByRole('button', { name: 'Promote variant 2' }).click();
    await edit.getByRole('button', { name: 'Yes, promote variant 2' }).click();
    await edit.waitFor({ state: 'hidden' });
    const promoted = await call<ApiLink>(enterprise, 'GET', `/api/urls/${link.id}`);
    expect(promoted).toMatchObject({ original_url: 'https://example.com/sale-b', variants: [] });
    await page.context().close();

    // At phone size: the Edit dialog and the card's badges, without sideways scrolling.
    const phone = await openDashboard(enterprise, PHONE);
    await phone.getByRole('button', { name: 'Cards' }).click();
    await phone.locator('li.link-card[data-short-code="winter-launch"]').getByTestId('control-badges').waitFor();
    expect(await noHorizontalOverflow(phone)).toBe(true);
    await screenshot(phone, 'smart-link-badges');
    await row(phone, 'winter-launch').getByRole('button', { name: 'Edit Winter launch' }).click();
    await dialog(phone, 'Edit URL').getByLabel('Click limit').waitFor();
    expect(await noHorizontalOverflow(phone)).toBe(true);
    await screenshotArea(phone, dialog(phone, 'Edit URL'), 'smart-link-edit');
    await phone.context().close();
  });
});
