import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  PHONE,
  apiCall,
  linkInMail,
  newContext,
  openSignedIn,
  screenshot,
  seriousA11yViolations,
  sharedWorkspace,
  verifiedAccountByApi,
  waitForMail,
} from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Two loose ends of workspaces in the browser, on the real server (docs/workspaces.md): the
 * Activity screen is live (a member's change appears on the owner's open screen, desktop and
 * phone, without reloading, and a filter keeps out what it would leave out of a page), and the
 * invite screen shows what the invite offers before it is answered.
 */

const HOSTILE_TITLE = '<img src=x onerror="document.title=1">Spring <b>sale</b>';
const HOSTILE_WORKSPACE = '<img src=x onerror="document.title=2">Launch & <b>Co</b>';

describe('live activity and the invite’s preview in the browser', () => {
  const suite = useBrowserSuite('gaps-root@example.com');
  const stamp = Date.now().toString(36);

  /** The owner's Activity screen, open and live (its marker says so) before anything changes. */
  async function liveActivity(token: string, path: string, viewport?: { width: number; height: number }): Promise<Page> {
    const page = await openSignedIn(suite.browser, suite.product, token, path, viewport);
    page.setDefaultTimeout(10_000);
    await page.getByRole('heading', { name: 'Activity', level: 1 }).waitFor();
    // The sidebar's marker (in the slide-over navigation on a phone, so not necessarily in sight).
    await page.getByRole('status', { name: 'Live updates: Live' }).first().waitFor({ state: 'attached' });
    return page;
  }

  const summaries = async (page: Page) => (await page.locator('.activity__summary').allTextContents()).map((s) => s.trim());

  it('a member’s change appears on the owner’s open Activity screen without reloading, as text, where the filters let it', { timeout: 120_000 }, async () => {
    const {
      workspaceId: workspace,
      owner,
      member,
    } = await sharedWorkspace(suite.product, suite.rootToken, {
      owner: `live-owner-${stamp}@example.com`,
      member: `livemember${stamp}@example.com`,
    });
    const [ownerToken, memberToken] = [owner.token, member.token];
    const createLink = (title: string) =>
      apiCall<{ id: number }>(suite.product, ownerToken, 'POST', '/api/urls', { original_url: `https://a.example/${title.toLowerCase()}`, title }, workspace);
    const [sale, other] = [await createLink('Sale'), await createLink('Other')];

    const desktop = await liveActivity(ownerToken, '/activity');
    const phone = await liveActivity(ownerToken, '/activity', PHONE);
    const otherLink = await liveActivity(ownerToken, `/activity?link=${other.id}`);
    const before = await summaries(desktop);
    const otherBefore = await summaries(otherLink);

    await apiCall(suite.product, memberToken, 'PATCH', `/api/urls/${sale.id}`, { title: HOSTILE_TITLE }, workspace);

    for (const page of [desktop, phone]) {
      const newest = page.getByTestId('activity-list').locator('li').first();
      await expect.poll(async () => newest.locator('.activity__summary').textContent()).toContain(HOSTILE_TITLE);
      expect(await newest.locator('.activity__meta').textContent()).toContain(member.username);
      expect(await page.getByTestId('activity-list').locator('img, b').count()).toBe(0);
      expect(await page.title()).not.toBe('1');
      // Added on top of what was there: nothing read again, nothing lost, nothing twice.
      expect((await summaries(page)).slice(1)).toEqual(before);
    }
    expect(await seriousA11yViolations(desktop)).toEqual([]);
    await screenshot(desktop, 'workspace-activity-live');
    await screenshot(phone, 'workspace-activity-live');

    // A change to the other link reaches the screen filtered by it; the sale's edit never did.
    await apiCall(suite.product, memberToken, 'PATCH', `/api/urls/${other.id}`, { title: 'Other, renamed' }, workspace);
    await expect.poll(async () => (await summaries(otherLink))[0]).toContain('Other, renamed');
    expect(await summaries(otherLink)).toHaveLength(otherBefore.length + 1);
    expect((await summaries(otherLink)).join('\n')).not.toContain('Spring');
    for (const page of [desktop, phone, otherLink]) await page.context().close();
  });

  it('the invite screen shows the workspace, the inviter, the role and the expiry before the answer; a dead link says why', { timeout: 90_000 }, async () => {
    const ownerEmail = `invite-owner-${stamp}@example.com`;
    const ownerToken = await verifiedAccountByApi(suite.product, ownerEmail);
    const owner = await apiCall<{ id: number; username: string }>(suite.product, ownerToken, 'GET', '/api/users/me');
    await apiCall(suite.product, suite.rootToken, 'PUT', `/api/admin/api/users/${owner.id}/limits`, { custom_seats_limit: 5 });
    await apiCall(suite.product, ownerToken, 'PATCH', `/api/workspaces/${owner.id}`, { name: HOSTILE_WORKSPACE });
    const guestEmail = `invite-guest-${stamp}@example.com`;
    await apiCall(suite.product, ownerToken, 'POST', `/api/workspaces/${owner.id}/invites`, { email: guestEmail, role: 'viewer' });
    const link = new URL(linkInMail(await waitForMail(suite.product, guestEmail, 10_000, '/invite/'), '/invite/'));

    // A visitor with the link: the offer first, then what to do to answer it.
    for (const viewport of [undefined, PHONE]) {
      const context = await newContext(suite.browser, suite.product, viewport);
      const page = await context.newPage();
      page.setDefaultTimeout(10_000);
      await page.goto(link.pathname);
      const offer = page.getByTestId('invite-offer');
      await offer.waitFor();
      const text = (await offer.textContent()) ?? '';
      expect(text).toContain(HOSTILE_WORKSPACE);
      expect(text).toContain(owner.username);
      expect(text).toContain('Viewer');
      expect(text).toContain('in****@example.com');
      expect(text).not.toContain(guestEmail);
      expect(await offer.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(await page.locator('main img, main b').count()).toBe(0);
      expect(await page.title()).not.toBe('2');
      await page.getByRole('heading', { name: 'Sign in to answer' }).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'workspace-invite-preview');
      await context.close();
    }

    // Signed in as the invited address: the offer beside Accept; once accepted, the link is spent and says so.
    const guestToken = await verifiedAccountByApi(suite.product, guestEmail);
    const page = await openSignedIn(suite.browser, suite.product, guestToken, link.pathname);
    page.setDefaultTimeout(10_000);
    await page.getByTestId('invite-offer').waitFor();
    await page.getByRole('button', { name: 'Accept invite' }).click();
    await page.locator('.status-message.tone-success').waitFor();
    await page.reload();
    const dead = page.getByTestId('invite-preview-error');
    await dead.waitFor();
    expect(await dead.textContent()).toContain('This invite link was already used.');
    expect(await page.getByRole('button', { name: 'Accept invite' }).count()).toBe(0);
    await page.context().close();
  });
});
