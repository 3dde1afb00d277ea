import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, apiCall, openSignedIn, screenshot, seriousA11yViolations, sharedWorkspace } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The Activity screen in the browser (docs/workspaces.md#screens) on the real server: a member
 * changes a shared workspace's link's destination, and the owner reads the sentence naming the member, filters
 * by member and by link (reached from the link's analytics page), and pages back with "Load older".
 */

const HOSTILE_TITLE = '<img src=x onerror="document.title=1">Spring <b>sale</b>';

describe('workspace activity in the browser', () => {
  const suite = useBrowserSuite('activity-root@example.com');
  const stamp = Date.now().toString(36);

  /** The owner's page, in their own workspace (the default choice). */
  async function ownerOn(token: string, path: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await openSignedIn(suite.browser, suite.product, token, path, viewport);
    page.setDefaultTimeout(10_000);
    return page;
  }

  const summaries = async (page: Page) => (await page.getByTestId('activity-list').locator('.activity__summary').allTextContents()).map((s) => s.trim());

  it(
    'a member edits a link’s destination; the owner sees the sentence naming the member, filters by member and by link, and loads older entries',
    { timeout: 120_000 },
    async () => {
      const ownerEmail = `act-owner-${stamp}@example.com`;
      const memberName = `actmember${stamp}`;
      const memberEmail = `${memberName}@example.com`;
      // The member is invited, registers and accepts.
      const { workspaceId: teamId, owner, member } = await sharedWorkspace(suite.product, suite.rootToken, { owner: ownerEmail, member: memberEmail });
      const [ownerToken, memberToken] = [owner.token, member.token];

      // The owner makes two links; the member changes the first one's destination.
      const sale = await apiCall<{ id: number; short_code: string }>(
        suite.product,
        ownerToken,
        'POST',
        '/api/urls',
        {
          original_url: 'https://a.example/sale',
          title: HOSTILE_TITLE,
        },
        teamId,
      );
      const other = await apiCall<{ id: number }>(
        suite.product,
        ownerToken,
        'POST',
        '/api/urls',
        { original_url: 'https://a.example/other', title: 'Other' },
        teamId,
      );
      await apiCall(suite.product, memberToken, 'PATCH', `/api/urls/${sale.id}`, { original_url: 'https://b.example/sale' }, teamId);

      // From the sidebar: the newest first, the member named, the hostile title shown as text.
      const page = await ownerOn(ownerToken, '/dashboard');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Activity' }).click();
      await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
      const list = page.getByTestId('activity-list');
      await list.locator('li', { hasText: 'https://b.example/sale' }).waitFor();
      const newest = list.locator('li').first();
      expect(await newest.locator('.activity__summary').textContent()).toContain(member.username);
      expect(await newest.locator('.activity__summary').textContent()).toContain('https://a.example/sale');
      expect(await newest.locator('.activity__meta').textContent()).toContain(member.username);
      expect(await newest.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(await list.locator('img').count()).toBe(0);
      expect(await list.locator('b').count()).toBe(0);
      expect(await page.title()).not.toBe('1');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'workspace-activity');

      // By member: only what the member did.
      await page.getByLabel('Member').selectOption({ label: member.username });
      await expect.poll(() => new URL(page.url()).searchParams.get('member')).toBe(String(member.id));
      await expect.poll(async () => (await summaries(page)).every((s) => s.includes(member.username))).toBe(true);
      expect(await summaries(page)).toContainEqual(expect.stringContaining('https://b.example/sale'));

      // By link, from the link's analytics page: only that link's entries, none of the other link's.
      await page.goto(`/analytics/${sale.id}`);
      await page.getByRole('heading', { name: 'Analytics', level: 1 }).waitFor();
      await page.locator('main').getByRole('link', { name: 'Activity', exact: true }).click();
      await expect.poll(() => new URL(page.url()).searchParams.get('link')).toBe(String(sale.id));
      // The address changes before the Activity screen replaces the analytics one: wait for it.
      await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
      expect(await page.getByLabel('Link', { exact: true }).inputValue()).toBe(String(sale.id));
      await expect.poll(() => summaries(page)).toHaveLength(2);
      expect((await summaries(page)).join('\n')).not.toContain('https://a.example/other');
      await page.getByLabel('Link', { exact: true }).selectOption(String(other.id));
      await expect.poll(() => summaries(page)).toHaveLength(1);
      // The member did nothing to the other link: the empty state says the filters match nothing.
      await page.getByLabel('Member').selectOption({ label: member.username });
      await page.getByTestId('activity-empty').getByText('Nothing matches these filters.').waitFor();
      await page.context().close();

      // Paging: more entries than a page holds, then "Load older" with the cursor.
      for (let n = 0; n < 52; n++) await apiCall(suite.product, ownerToken, 'PATCH', `/api/urls/${other.id}`, { title: `Other ${n}` }, teamId);
      const paged = await ownerOn(ownerToken, '/activity');
      await paged.getByTestId('activity-list').locator('li').nth(49).waitFor();
      expect(await paged.getByTestId('activity-list').locator('li').count()).toBe(50);
      await paged.getByRole('button', { name: 'Load older' }).click();
      await paged.getByTestId('activity-list').locator('li', { hasText: 'https://b.example/sale' }).waitFor();
      const all = await summaries(paged);
      expect(new Set(all).size).toBeGreaterThan(50);
      expect(await paged.getByRole('button', { name: 'Load older' }).count()).toBe(0);
      await paged.context().close();

      // The server's refusal, in its words: a link of no workspace of the caller's.
      const refused = await ownerOn(ownerToken, '/activity?link=999999');
      await refused.locator('.status-message.tone-error').waitFor();
      expect((await refused.locator('.status-message.tone-error').textContent())?.length).toBeGreaterThan(0);
      await refused.context().close();

      const phone = await ownerOn(ownerToken, `/activity?member=${member.id}`, PHONE);
      await phone.getByTestId('activity-list').locator('li').first().waitFor();
      await screenshot(phone, 'workspace-activity');
      await phone.context().close();
    },
  );
});
