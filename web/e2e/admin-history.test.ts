import type { Page, WebSocketRoute } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, newContext, registerByApi, screenshot, seriousA11yViolations, signInContext } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The admin panel's History tab (docs/web-app.md#history-tab) on the real server: the event
 * browser with its filters in the address, paging both ways and the live tail; a link's
 * timeline after three edits by three routes, with the slider and the comparison.
 */

type Viewport = { width: number; height: number };
const HOSTILE_TITLE = '<img src=x onerror=alert(1)>';
const HOSTILE_EDIT = `<svg onload="window.__xss='title'"></svg>Checked`;

describe('the History tab in the browser', () => {
  const suite = useBrowserSuite();
  let ownerToken: string;
  let ownerId: number;
  let rootId: number;

  beforeAll(async () => {
    ownerToken = await registerByApi(suite.product, 'owner@example.com');
    rootId = (await call<{ id: number }>('GET', '/api/users/me')).id;
    ownerId = (await call<{ id: number }>('GET', '/api/users/me', undefined, ownerToken)).id;
    // The free plan's 10 links a month would not last the suite.
    await call('POST', `/api/admin/users/${ownerId}/change-plan`, { plan_type: 'enterprise' });
  }, 120_000);

  function call<T>(method: string, path: string, body?: unknown, token = suite.rootToken) {
    return apiCall<T>(suite.product, token, method, path, body);
  }
  const createLink = (url: string, extra: Record<string, unknown> = {}) =>
    call<{ id: number; short_code: string }>('POST', '/api/urls', { original_url: url, ...extra }, ownerToken);

  /** Dialogs each page opened: a payload that ran would open one. */
  const dialogs = new WeakMap<Page, string[]>();

  async function open(path: string, viewport: Viewport = DESKTOP): Promise<Page> {
    const context = await newContext(suite.browser, suite.product, viewport);
    await signInContext(context, suite.rootToken);
    const page = await context.newPage();
    const opened: string[] = [];
    dialogs.set(page, opened);
    page.on('dialog', (dialog) => {
      opened.push(dialog.message());
      void dialog.dismiss();
    });
    await page.goto(path);
    return page;
  }

  const rows = (page: Page) => page.locator('.history-events > li');
  const positionsOf = async (page: Page) => await rows(page).evaluateAll((items) => items.map((item) => Number(item.getAttribute('data-position'))));
  const search = (page: Page) => new URL(page.url()).searchParams;

  /** Nothing a payload would have made exists, and nothing ran. */
  async function expectInert(page: Page) {
    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs.get(page)).toEqual([]);
    expect(await page.locator('img[src="x"], svg[onload], script:not([src]):not([type="module"])').count()).toBe(0);
  }

  async function expectFitsAndPassesAxe(page: Page) {
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  it('lists events newest first, filters by an actor with a click (Back undoes it) and by a request', async () => {
    await createLink('https://example.com/owner-first');
    const page = await open('/admin?tab=history');
    try {
      await page.getByRole('tab', { name: 'History', exact: true }).waitFor();
      await rows(page).first().waitFor();
      const positions = await positionsOf(page);
      expect(positions).toEqual([...positions].sort((a, b) => b - a));
      expect(await page.locator('.history-events [data-type="UserRegistered"]').count()).toBe(2);

      // The owner's link: their actor link filters the list to them.
      const created = page.locator('.history-events [data-type="LinkCreated"]').first();
      expect(await created.locator('.history-event__summary').innerText()).toContain('https://example.com/owner-first');
      await created.locator(`a[data-actor="${ownerId}"]`).click();
      await expect.poll(() => search(page).get('actor')).toBe(String(ownerId));
      await expect
        .poll(async () =>
          (await rows(page).evaluateAll((items) => items.map((item) => item.querySelector('[data-actor]')?.getAttribute('data-actor')))).every(
            (id) => id === String(ownerId),
          ),
        )
        .toBe(true);
      expect(await page.getByLabel('Actor id').inputValue()).toBe(String(ownerId));
      await page.goBack();
      await expect.poll(() => page.locator('.history-events [data-type="UserRegistered"]').count()).toBe(2);
      expect(search(page).get('actor')).toBeNull();

      // Details: the metadata, and the data as text; the correlation id leads to what the request caused.
      await created.getByRole('button', { name: /^Details/ }).click();
      const details = created.locator('.history-event__details');
      expect(await details.locator('pre').innerText()).toContain('"original_url": "https://example.com/owner-first"');
      await details.locator('a[data-correlation]').click();
      await expect.poll(() => search(page).get('correlation')).not.toBeNull();
      // The request that created the link: its event and the short code it claimed, nothing else.
      await expect
        .poll(async () => (await rows(page).evaluateAll((items) => items.map((item) => item.getAttribute('data-type')))).includes('LinkCreated'))
        .toBe(true);
      expect(await rows(page).count()).toBeLessThan(5);
      expect(await page.locator('.history-events [data-type="UserRegistered"]').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('pages older and newer by cursor without a gap or a repeat, the page in the address', async () => {
    for (let i = 0; i < 13; i++) await createLink(`https://example.com/paged-${i}`);
    const page = await open('/admin?tab=history&category=link&limit=10');
    try {
      await expect.poll(() => rows(page).count()).toBe(10);
      const first = await positionsOf(page);
      expect(await page.getByRole('button', { name: 'Newer' }).isDisabled()).toBe(true);
      await page.getByRole('button', { name: 'Older' }).click();
      await expect.poll(() => search(page).get('before')).toBe(String(first.at(-1)));
      await expect.poll(async () => (await positionsOf(page))[0]! < first.at(-1)!).toBe(true);
      const second = await positionsOf(page);
      expect(second.length).toBeGreaterThanOrEqual(4);
      expect(second.every((position) => position < Math.min(...first))).toBe(true);
      expect(
        await page.locator('.history-events [data-type]').evaluateAll((items) => items.every((item) => item.getAttribute('data-type')?.startsWith('Link'))),
      ).toBe(true);
      await page.getByRole('button', { name: 'Newer' }).click();
      await expect.poll(() => positionsOf(page)).toEqual(first);
      expect(search(page).get('after')).toBe(String(second[0]));
      await page.goBack();
      await expect.poll(() => positionsOf(page)).toEqual(second);
    } finally {
      await page.context().close();
    }
  });

  it('tails the log live: a new link appears on top; paused, new events are counted and shown on resume', async () => {
    const page = await open('/admin?tab=history&category=link');
    try {
      await rows(page).first().waitFor();
      const live = page.getByRole('button', { name: 'Live', exact: true });
      await live.click();
      expect(await live.getAttribute('aria-pressed')).toBe('true');
      const status = page.locator('.history-live__status');
      await expect.poll(() => status.innerText()).toBe('Live · new events appear at the top');
      expect(await status.getAttribute('role')).toBe('status');

      const watched = await createLink('https://example.com/watched-live');
      const top = rows(page).first();
      await expect.poll(() => top.locator('.history-event__summary').innerText(), { timeout: 10_000 }).toContain(`/${watched.short_code} created`);
      expect(await top.getAttribute('class')).toContain('history-event--fresh');
      await expect.poll(() => status.innerText()).toBe('Live · 1 new event since you started watching');

      await page.getByRole('button', { name: 'Pause' }).click();
      const held = [await createLink('https://example.com/held-1'), await createLink('https://example.com/held-2')];
      await expect.poll(() => status.innerText(), { timeout: 10_000 }).toBe('Paused · 2 new events');
      expect(await top.locator('.history-event__summary').innerText()).toContain(`/${watched.short_code} created`);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByRole('button', { name: 'Resume' }).click();
      await expect
        .poll(async () => (await rows(page).locator('.history-event__summary').allInnerTexts()).slice(0, 3).map((text) => text.split(' ')[1]))
        .toEqual([`/${held[1]!.short_code}`, `/${held[0]!.short_code}`, `/${watched.short_code}`]);

      // Other filters: the tail listens again with them (this one matches no link event).
      await page.getByLabel('Category').selectOption('user');
      await page.getByRole('button', { name: 'Apply filters' }).click();
      await expect.poll(() => search(page).get('category')).toBe('user');
      await expect.poll(() => status.innerText()).toBe('Live · new events appear at the top');
      await createLink('https://example.com/not-a-user-event');
      await registerByApi(suite.product, 'watched-user@example.com');
      await page.locator('.history-event--fresh[data-type="UserRegistered"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('.history-events [data-type="LinkCreated"]').count()).toBe(0);
    } finally {
      await page.context().close();
    }
  });

  it('says when the live tail’s socket closes, and listens again on Reconnect', async () => {
    await createLink('https://example.com/before-the-socket');
    const page = await open('/admin?tab=history&category=link');
    try {
      const sockets: WebSocketRoute[] = [];
      await page.routeWebSocket(/\/api\/admin\/events\/live$/, (socket) => {
        sockets.push(socket);
        socket.connectToServer();
      });
      await rows(page).first().waitFor();
      await page.getByRole('button', { name: 'Live', exact: true }).click();
      const status = page.locator('.history-live__status');
      await expect.poll(() => status.innerText()).toBe('Live · new events appear at the top');
      await sockets[0]!.close({ code: 1011, reason: 'Live tail unavailable' });
      await expect.poll(() => status.innerText()).toBe('The live tail was closed. Live tail unavailable.');
      expect(await page.getByRole('button', { name: 'Pause' }).count()).toBe(0);
      await page.getByRole('button', { name: 'Reconnect' }).click();
      await expect.poll(() => status.innerText()).toBe('Live · new events appear at the top');
      expect(sockets).toHaveLength(2);
      const after = await createLink('https://example.com/after-reconnect');
      await expect.poll(() => rows(page).first().locator('.history-event__summary').innerText(), { timeout: 10_000 }).toContain(`/${after.short_code} created`);
    } finally {
      await page.context().close();
    }
  });

  it('shows a link’s three edits (dashboard, API key, admin) with their diffs; the slider and the comparison show it between them', async () => {
    const link = await createLink('https://example.com/v0', { title: HOSTILE_TITLE });
    const key = (await call<{ api_key: string }>('POST', '/api/users/me/generate-api-key', undefined, ownerToken)).api_key;
    await call('PATCH', `/api/urls/${link.id}`, { original_url: 'https://example.com/v1' }, ownerToken);
    const byKey = await fetch(`${suite.product.baseUrl}/api/urls/${link.id}`, {
      method: 'PATCH',
      headers: { 'x-api-key': key, 'content-type': 'application/json' },
      body: JSON.stringify({ original_url: 'https://example.com/v2' }),
    });
    expect(byKey.status, await byKey.text()).toBe(200);
    await call('PATCH', `/api/admin/links/${link.id}`, { original_url: 'https://example.com/v3', title: HOSTILE_EDIT });

    const page = await open(`/admin?tab=history&entity=link:${link.id}`);
    try {
      await page.getByRole('heading', { name: `Link ${link.id}` }).waitFor();
      const versions = page.locator('.history-timeline > li');
      expect(await versions.evaluateAll((items) => items.map((item) => item.getAttribute('data-type')))).toEqual([
        'LinkCreated',
        'LinkUpdated',
        'LinkUpdated',
        'LinkUpdated',
      ]);
      const edits = page.locator('.history-timeline > li[data-type="LinkUpdated"]');
      const destinationChange = async (index: number) => edits.nth(index).locator('tr[data-field="destination"] td').allInnerTexts();
      expect([await destinationChange(0), await destinationChange(1), await destinationChange(2)]).toEqual([
        ['https://example.com/v0', 'https://example.com/v1'],
        ['https://example.com/v1', 'https://example.com/v2'],
        ['https://example.com/v2', 'https://example.com/v3'],
      ]);
      expect(await edits.nth(2).locator('tr[data-field="title"] td').allInnerTexts()).toEqual([HOSTILE_TITLE, HOSTILE_EDIT]);
      const actors = await edits.locator('.history__actor').allInnerTexts();
      expect(actors[0]).toBe(`User ${ownerId}`);
      expect(actors[1]).toMatch(/^API key \S+$/);
      expect(actors[2]).toBe(`User ${rootId}`);
      // Hostile text is text: the title and the destination as typed, nothing made of them.
      expect(await page.locator('.history-state').first().locator('[data-field="title"] .history-state__value').innerText()).toBe(HOSTILE_EDIT);
      expect(await page.locator('.history-state').first().locator('[data-field="destination"] .history-state__value').innerText()).toBe(
        'https://example.com/v3',
      );
      await expectInert(page);

      // The slider to version 3 of 4: the link between the second and third edit.
      const slider = page.getByLabel('Version', { exact: true });
      expect(await slider.inputValue()).toBe('4');
      await slider.fill('3');
      const travelled = page.locator('.history-travel__result');
      await expect.poll(() => travelled.locator('[data-field="destination"] .history-state__value').innerText()).toBe('https://example.com/v2');
      expect(await travelled.locator('[data-field="destination"] .history-state__changed').count()).toBe(1);
      expect(await travelled.locator('[data-field="short_code"] .history-state__changed').count()).toBe(0);
      expect(search(page).get('at')).toBe(await edits.nth(1).getAttribute('data-position'));
      expect(await travelled.innerText()).toContain(`As of position ${await edits.nth(1).getAttribute('data-position')}`);
      // The keyboard moves it too.
      await slider.focus();
      await page.keyboard.press('ArrowLeft');
      await expect.poll(() => travelled.locator('[data-field="destination"] .history-state__value').innerText()).toBe('https://example.com/v1');

      // Any two versions: 2 against 4.
      await page.getByLabel('From', { exact: true }).selectOption({ index: 1 });
      const compared = page.locator('.history-compare__result');
      await expect
        .poll(() => compared.locator('tr[data-field="destination"] td').allInnerTexts())
        .toEqual(['https://example.com/v1', 'https://example.com/v3']);
      expect(await compared.locator('tr[data-field="title"] td').allInnerTexts()).toEqual([HOSTILE_TITLE, HOSTILE_EDIT]);
      expect(await compared.locator('tr[data-field="description"]').count()).toBe(0);

      // The stream's events in the browser, hostile text as text there too.
      await page.getByRole('link', { name: `All events of link-${link.id}` }).click();
      await expect.poll(() => rows(page).count()).toBe(4);
      const createdRow = page.locator('.history-events [data-type="LinkCreated"]');
      await createdRow.getByRole('button', { name: /^Details/ }).click();
      expect(await createdRow.locator('pre').innerText()).toContain(`"title": "${HOSTILE_TITLE}"`);
      await expectInert(page);
      // Back to the timeline through the stream's link.
      await createdRow.getByRole('link', { name: `Timeline of link-${link.id}` }).click();
      await page.getByRole('heading', { name: `Link ${link.id}` }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('opens any timeline from the look-up box, and says when the log holds no such entity', async () => {
    const page = await open('/admin?tab=history');
    try {
      await page.getByLabel('Entity', { exact: true }).selectOption('user');
      await page.getByLabel('Id', { exact: true }).fill(String(ownerId));
      await page.getByRole('button', { name: 'Open timeline' }).click();
      await page.getByRole('heading', { name: `User ${ownerId}` }).waitFor();
      expect(search(page).get('entity')).toBe(`user:${ownerId}`);
      expect(await page.locator('.history-timeline > li').first().getAttribute('data-type')).toBe('UserRegistered');
      expect(await page.locator('.history-state').first().innerText()).toContain('owner@example.com');

      await page.getByLabel('Entity', { exact: true }).selectOption('link');
      await page.getByLabel('Id', { exact: true }).fill('99999');
      await page.getByRole('button', { name: 'Open timeline' }).click();
      await page.getByText('No link 99999 in the log').waitFor();
      await page.goBack();
      await page.getByRole('heading', { name: `User ${ownerId}` }).waitFor();
    } finally {
      await page.context().close();
    }
  });

  it('fits a phone and a desktop, passes axe, and leaves screenshots of the browser and a timeline', async () => {
    const link = await createLink('https://example.com/shot', { title: HOSTILE_TITLE });
    await call('PATCH', `/api/urls/${link.id}`, { original_url: 'https://example.com/shot-2', title: 'Renamed' }, ownerToken);
    for (const viewport of [DESKTOP, PHONE]) {
      const page = await open('/admin?tab=history&limit=10', viewport);
      try {
        await rows(page).first().waitFor();
        await page.getByRole('button', { name: 'Live', exact: true }).click();
        await page.locator('.history-live--live').waitFor();
        await rows(page)
          .first()
          .getByRole('button', { name: /^Details/ })
          .click();
        await expectFitsAndPassesAxe(page);
        await screenshot(page, 'admin-history-events');

        await page.goto(`/admin?tab=history&entity=link:${link.id}`);
        await page.locator('.history-timeline > li').nth(1).waitFor();
        await page.locator('.history-compare__result table').waitFor();
        // The first version, its fields that changed since marked.
        await page.getByLabel('Version', { exact: true }).fill('1');
        await page.locator('.history-travel__result .history-state__changed').first().waitFor();
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await expectFitsAndPassesAxe(page);
        await expectInert(page);
        await screenshot(page, 'admin-history-timeline');
      } finally {
        await page.context().close();
      }
    }
  }, 120_000);
});
