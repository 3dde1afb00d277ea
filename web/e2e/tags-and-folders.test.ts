import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Tags and folders in the browser (docs/links.md#tags-and-folders) on the real server: chips
 * on the link rows, the tag picker and folder field of the Create dialog, the tag and folder
 * filters of Your URLs, the Tags page's merge and delete, and its folders renamed and
 * deleted, at desktop and phone size. Hostile tag and folder names show as text.
 */

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('tags and folders in the browser', () => {
  const suite = useBrowserSuite('tags-root@example.com');
  let token = '';
  const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);
  const row = (page: Page, code: string) => page.locator(`[data-short-code="${code}"]`).first();

  beforeAll(async () => {
    token = await registerByApi(suite.product, `tagger-${Date.now().toString(36)}@example.com`);
    await call('POST', '/api/urls', {
      original_url: 'https://example.com/launch',
      title: 'Launch post',
      short_code: 'launch-post',
      tags: ['Launch', 'Press'],
      folder: 'Q4 campaign',
    });
    await call('POST', '/api/urls', { original_url: 'https://example.com/press', title: 'Press kit', short_code: 'press-kit', tags: ['Press', HOSTILE] });
    await call('POST', '/api/urls', { original_url: 'https://example.com/plain', title: 'Plain link', short_code: 'plain-link' });
    await call('POST', '/api/urls', { original_url: 'https://example.com/old', title: 'Old link', short_code: 'old-link', folder: HOSTILE });
    const tags = await call<{ id: number; name: string }[]>('GET', '/api/tags');
    await call('PATCH', `/api/tags/${tags.find((tag) => tag.name === 'Launch')!.id}`, { color: 'green' });
  }, 60_000);

  it('shows tags and the folder on the rows, filters by them, and creates a link with a new tag (desktop)', async () => {
    const page = await openSignedIn(suite.browser, suite.product, token, '/dashboard', DESKTOP);
    await row(page, 'launch-post').waitFor();
    const labels = row(page, 'launch-post').getByTestId('link-labels');
    expect(await labels.getByRole('list', { name: 'Tags' }).getByRole('listitem').allTextContents()).toEqual(['Launch', 'Press']);
    expect(await labels.textContent()).toContain('Q4 campaign');
    expect(await row(page, 'press-kit').getByTestId('link-labels').textContent()).toContain(HOSTILE);
    expect(await page.locator('img[src="x"]').count()).toBe(0);

    // Filter by one tag, then by two with "all", then by folder.
    const filters = page.getByRole('search', { name: 'Filter your URLs' });
    const tagBox = filters.getByLabel('Tags', { exact: true });
    await tagBox.fill('press');
    await tagBox.press('Enter');
    await row(page, 'plain-link').waitFor({ state: 'detached' });
    expect(await row(page, 'launch-post').isVisible()).toBe(true);
    expect(await row(page, 'press-kit').isVisible()).toBe(true);
    await tagBox.fill('Launch');
    await tagBox.press('Enter');
    await filters.getByLabel('Match').selectOption({ label: 'All of the tags' });
    await row(page, 'press-kit').waitFor({ state: 'detached' });
    await screenshot(page, 'tags-dashboard-filtered-desktop');
    await page.getByRole('button', { name: 'Remove tag Press' }).click();
    await page.getByRole('button', { name: 'Remove tag Launch' }).click();
    await filters.getByLabel('Folder').selectOption({ label: 'Q4 campaign' });
    await row(page, 'plain-link').waitFor({ state: 'detached' });
    expect(await row(page, 'launch-post').isVisible()).toBe(true);
    await filters.getByLabel('Folder').selectOption({ label: 'All folders' });
    await row(page, 'plain-link').waitFor();
    await screenshot(page, 'tags-dashboard-desktop');

    // The Create dialog: a new tag by typing, an existing one suggested, a folder.
    await page.locator('.dashboard__actions').getByRole('button', { name: 'Create Link' }).click();
    const create = page.getByRole('dialog', { name: 'Create New URL' });
    await create.getByLabel('Destination URL').fill('https://example.com/new-one');
    await create.getByLabel('Custom back-half').fill('new-one');
    const picker = create.getByLabel('Tags', { exact: true });
    await picker.fill('Brand new');
    await picker.press('Enter');
    await picker.fill('launch');
    await picker.press(',');
    await create.getByLabel('Folder').fill('Q4 campaign');
    await screenshot(page, 'tags-create-dialog-desktop');
    await create.getByRole('button', { name: 'Create URL' }).click();
    await create.getByTestId('create-success').waitFor();
    const created = (await call<{ short_code: string; tags: string[]; folder: string }[]>('GET', '/api/urls?limit=100')).find(
      (link) => link.short_code === 'new-one',
    );
    expect(created).toMatchObject({ tags: ['Brand new', 'Launch'], folder: 'Q4 campaign' });
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();
  }, 90_000);

  it('merges and deletes tags on the Tags page, with a confirmation, and shows a tag’s clicks (desktop and phone)', async () => {
    const page = await openSignedIn(suite.browser, suite.product, token, '/tags', DESKTOP);
    const table = page.getByTestId('tags-table');
    await table.locator('[data-tag="Press"]').waitFor();
    expect(await table.locator('[data-tag="Press"] td').nth(1).textContent()).toBe('2 links');
    await page.getByRole('button', { name: 'Clicks of Launch' }).click();
    await page
      .getByTestId('tag-clicks')
      .getByText(/clicks in 30 days, over 2 links/)
      .waitFor();
    await page.getByTestId('tag-clicks').locator('.clicks-chart__plot svg').first().waitFor();
    await screenshot(page, 'tags-page-desktop');

    await page.getByRole('button', { name: 'Merge Brand new' }).click();
    const merge = page.getByRole('dialog', { name: 'Merge Tag' });
    await merge.getByLabel('Merge into').selectOption({ label: 'Launch' });
    await merge.getByRole('button', { name: 'Merge Tags' }).click();
    await table.locator('[data-tag="Brand new"]').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: `Delete ${HOSTILE}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Tag' });
    expect(await confirm.textContent()).toContain('1 link will no longer show it');
    await confirm.getByRole('button', { name: 'Delete Tag' }).click();
    await table.locator(`[data-tag="${HOSTILE}"]`).waitFor({ state: 'detached' });
    const press = (await call<{ short_code: string; tags: string[] }[]>('GET', '/api/urls?limit=100')).find((link) => link.short_code === 'press-kit');
    expect(press?.tags).toEqual(['Press']);
    await page.close();

    const phone = await openSignedIn(suite.browser, suite.product, token, '/tags', PHONE);
    await phone.getByTestId('tags-table').locator('[data-tag="Launch"]').waitFor();
    await screenshot(phone, 'tags-page-phone');
    await phone.goto(`${suite.product.baseUrl}/dashboard`);
    await row(phone, 'launch-post').waitFor();
    await row(phone, 'launch-post').scrollIntoViewIfNeeded();
    await screenshot(phone, 'tags-dashboard-phone');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.close();
  }, 90_000);

  it('renames and deletes folders on the Tags page, with a confirmation (desktop and phone)', async () => {
    const page = await openSignedIn(suite.browser, suite.product, token, '/tags', DESKTOP);
    const folders = page.getByTestId('folders-table');
    await folders.locator('[data-folder="Q4 campaign"]').waitFor();
    expect(await folders.locator('[data-folder="Q4 campaign"] td').nth(1).textContent()).toBe('2 links');
    expect(await folders.locator(`[data-folder="${HOSTILE}"] td`).first().textContent()).toBe(HOSTILE);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await folders.scrollIntoViewIfNeeded();
    await screenshot(page, 'folders-page');

    await page.getByRole('button', { name: 'Rename Q4 campaign' }).click();
    const rename = page.getByRole('dialog', { name: 'Rename Folder' });
    await rename.getByLabel('Name').fill('Q1 campaign');
    await rename.getByRole('button', { name: 'Save Folder' }).click();
    await folders.locator('[data-folder="Q1 campaign"]').waitFor();
    expect(await folders.locator('[data-folder="Q4 campaign"]').count()).toBe(0);

    await page.getByRole('button', { name: `Delete folder ${HOSTILE}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete Folder' });
    expect(await confirm.textContent()).toContain('1 link will be in no folder');
    await screenshot(page, 'folders-delete-confirm');
    await confirm.getByRole('button', { name: 'Delete Folder' }).click();
    await folders.locator(`[data-folder="${HOSTILE}"]`).waitFor({ state: 'detached' });
    const links = await call<{ short_code: string; folder: string | null }[]>('GET', '/api/urls?limit=100');
    expect(links.find((link) => link.short_code === 'launch-post')?.folder).toBe('Q1 campaign');
    expect(links.find((link) => link.short_code === 'old-link')?.folder).toBeNull();
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.close();

    const phone = await openSignedIn(suite.browser, suite.product, token, '/tags', PHONE);
    await phone.getByTestId('folders-table').locator('[data-folder="Q1 campaign"]').waitFor();
    await screenshot(phone, 'folders-page');
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.close();
  }, 90_000);
});
