import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, HUMAN_AGENT, PHONE, openSignedIn, screenshot } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { workspaceSetup } from './workspace-helpers.ts';

/*
 * Live clicks reach every member watching a team workspace (docs/workspaces.md#live-clicks):
 * its owner and a viewer each have the dashboard open on the team; a visitor follows a team
 * link (a real GET of its short URL) and both screens count it without a reload, on a desktop
 * and on a phone; a member of another workspace, watching theirs, is sent nothing of it.
 */

describe('live clicks in a team workspace, in the browser', () => {
  const suite = useBrowserSuite('live-root@example.com');
  const stamp = Date.now().toString(36);

  const { verifiedAccount, linkIn, teamOf, joinedMember } = workspaceSetup(suite);

  /** A visitor follows the short link: the redirect's own GET, as a browser sends it. */
  async function follow(code: string): Promise<void> {
    const response = await fetch(`${suite.product.baseUrl}/${code}`, { redirect: 'manual', headers: { 'user-agent': HUMAN_AGENT } });
    expect(response.status).toBe(302);
  }

  /** A dashboard open on a workspace (none: the personal one), live, with the click messages its socket received. */
  async function dashboard(token: string, viewport: { width: number; height: number }, workspace?: { id: number; name: string }) {
    const page = await openSignedIn(suite.browser, suite.product, token, '/dashboard', viewport);
    page.setDefaultTimeout(10_000);
    const clicksOn: number[] = [];
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; url_id?: number };
        if (message.type === 'click') clicksOn.push(message.url_id!);
      }),
    );
    if (workspace) {
      if (viewport.width <= PHONE.width) await page.getByRole('button', { name: 'Open navigation' }).click();
      await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: workspace.name });
      if (viewport.width <= PHONE.width) await page.getByRole('button', { name: 'Close navigation' }).click();
    }
    await page.getByRole('status', { name: 'Live updates: Live' }).first().waitFor();
    return { page, clicksOn };
  }

  const text = async (locator: Locator) => ((await locator.textContent()) ?? '').trim();
  const clickCount = (page: Page, code: string) => page.locator(`[data-short-code="${code}"]`).getByTestId('click-count');
  const totalTile = (page: Page) => page.getByTestId('tile-total-clicks').locator('[data-value]');

  it(
    'a click on a team link raises the live count on the owner’s and the viewer’s screens, desktop and phone; another workspace’s member is sent nothing',
    { timeout: 150_000 },
    async () => {
      // The team: its owner, given seats by the installation's admin, invites a viewer, who accepts.
      const ownerToken = await verifiedAccount(`live-owner-${stamp}@example.com`);
      const team = await teamOf(ownerToken, `Launch ${stamp}`, `launch-${stamp}`, 5);
      const viewerToken = await joinedMember(ownerToken, team.id, `live-viewer-${stamp}@example.com`, 'viewer');
      const teamLink = await linkIn(ownerToken, 'Team launch', team.id);
      // Someone of another workspace: their own link on their own dashboard.
      const outsiderToken = await verifiedAccount(`live-outsider-${stamp}@example.com`);
      const outsiderLink = await linkIn(outsiderToken, 'Outsider own');

      for (const [viewport, clicksBefore] of [
        [DESKTOP, 0],
        [PHONE, 2],
      ] as const) {
        const owner = await dashboard(ownerToken, viewport, team);
        const viewer = await dashboard(viewerToken, viewport, team);
        const outsider = await dashboard(outsiderToken, viewport);
        for (const { page } of [owner, viewer]) expect(await text(clickCount(page, teamLink.short_code))).toBe(String(clicksBefore));
        expect(await outsider.page.locator(`[data-short-code="${teamLink.short_code}"]`).count()).toBe(0);

        for (const clicks of [clicksBefore + 1, clicksBefore + 2]) {
          await follow(teamLink.short_code);
          for (const { page } of [owner, viewer]) {
            await expect.poll(() => text(clickCount(page, teamLink.short_code)), { timeout: 10_000 }).toBe(String(clicks));
            await expect.poll(() => text(totalTile(page)), { timeout: 10_000 }).toBe(String(clicks));
          }
        }
        expect(owner.clicksOn).toEqual([teamLink.id, teamLink.id]);
        expect(viewer.clicksOn).toEqual([teamLink.id, teamLink.id]);

        // The outsider's socket stays silent about the team; their own link's click still reaches them.
        await follow(outsiderLink.short_code);
        await expect.poll(() => text(clickCount(outsider.page, outsiderLink.short_code)), { timeout: 10_000 }).toBe(String(clicksBefore / 2 + 1));
        expect(outsider.clicksOn).toEqual([outsiderLink.id]);
        expect(await text(totalTile(outsider.page))).toBe(String(clicksBefore / 2 + 1));

        await screenshot(owner.page, 'workspace-live-clicks-owner');
        await screenshot(viewer.page, 'workspace-live-clicks-viewer');
        for (const { page } of [owner, viewer, outsider]) await page.context().close();
      }
    },
  );
});
