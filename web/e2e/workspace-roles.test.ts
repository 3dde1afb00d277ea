import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, openSignedIn, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { workspaceSetup } from './workspace-helpers.ts';

/*
 * The screens offer each role in a team workspace only what it may do (docs/web-app.md#roles-on-screen):
 * a viewer reads the team's links with no Create, Quick shorten, Edit, Delete or Delete All, and
 * is told why; a billing member is shown no link screens at all; the owner has every action. The
 * server still refuses what the screens no longer offer.
 */

describe('what each role of a team sees, in the browser', () => {
  const suite = useBrowserSuite('roles-root@example.com');
  const stamp = Date.now().toString(36);
  const { verifiedAccount, linkIn, teamOf, joinedMember } = workspaceSetup(suite);

  /** The dashboard of a fresh profile acting in the team (chosen in the switcher, as a person would). */
  async function teamDashboard(token: string, team: { name: string }, viewport: { width: number; height: number } = DESKTOP): Promise<Page> {
    const page = await openSignedIn(suite.browser, suite.product, token, '/dashboard', viewport);
    page.setDefaultTimeout(10_000);
    const phone = viewport.width <= PHONE.width;
    if (phone) await page.getByRole('button', { name: 'Open navigation' }).click();
    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: team.name });
    if (phone) await page.getByRole('button', { name: 'Close navigation' }).click();
    return page;
  }

  const main = (page: Page) => page.locator('main');
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Main navigation' });
  const row = (page: Page, title: string) => page.locator('[data-link-id]', { hasText: title });
  const roleNotice = (page: Page) => page.getByTestId('role-notice');

  it(
    'a viewer and a billing member see no write actions and are told why, the server still refuses a viewer’s link; the owner sees them all',
    { timeout: 150_000 },
    async () => {
      const ownerToken = await verifiedAccount(`roles-owner-${stamp}@example.com`);
      const team = await teamOf(ownerToken, `Studio <i>${stamp}</i>`, `studio-${stamp}`, 5);
      const link = await linkIn(ownerToken, 'Team brochure', team.id);
      const viewerToken = await joinedMember(ownerToken, team.id, `roles-viewer-${stamp}@example.com`, 'viewer');
      const billingToken = await joinedMember(ownerToken, team.id, `roles-billing-${stamp}@example.com`, 'billing');

      // The viewer: the team's links, read only, and why.
      const viewer = await teamDashboard(viewerToken, team);
      await row(viewer, 'Team brochure').waitFor();
      expect(await roleNotice(viewer).textContent()).toBe(
        'Your role in this workspace is Viewer. Creating, editing and deleting links needs the Owner, Admin or Member role.',
      );
      expect(await main(viewer).getByRole('button', { name: 'Create Link' }).count()).toBe(0);
      expect(await nav(viewer).getByRole('button', { name: 'Create Link' }).count()).toBe(0);
      expect(await nav(viewer).getByRole('link', { name: 'Links & Analytics' }).count()).toBe(1);
      expect(await viewer.getByLabel('Paste long url and shorten it').count()).toBe(0);
      expect(
        await row(viewer, 'Team brochure')
          .locator('[data-action]')
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-action'))),
      ).toEqual(['copy', 'qr', 'analytics']);
      await row(viewer, 'Team brochure').getByRole('checkbox').check();
      const bulk = viewer.getByTestId('bulk-bar');
      await bulk.getByRole('button', { name: 'Copy All' }).waitFor();
      expect(await bulk.getByRole('button', { name: 'Delete All' }).count()).toBe(0);
      // The words name the team (as text) instead of "you own", and the export upsell says who can upgrade it.
      expect(await main(viewer).getByText(`Here is how the links of ${team.name} are doing.`, { exact: false }).count()).toBe(1);
      expect(await main(viewer).getByText(`Search and filter every short link ${team.name} owns.`).count()).toBe(1);
      expect(await main(viewer).locator('i').count()).toBe(0);
      expect(await main(viewer).getByText('Export needs a Pro plan. Its Owner or Billing members can upgrade it.').count()).toBe(1);
      expect(
        await main(viewer)
          .getByRole('link', { name: /Upgrade/ })
          .count(),
      ).toBe(0);
      expect(await seriousA11yViolations(viewer)).toEqual([]);
      await screenshot(viewer, 'workspace-role-viewer-dashboard');
      // Custom domains: listed for reading, with no form to add one.
      await viewer.goto('/custom-domains');
      await viewer
        .getByText('Your role in this workspace is Viewer. Adding, verifying, activating and deleting custom domains needs the Owner or Admin role.')
        .waitFor();
      expect(await viewer.getByRole('button', { name: 'Add Domain' }).count()).toBe(0);
      await viewer.context().close();

      const viewerPhone = await teamDashboard(viewerToken, team, PHONE);
      await row(viewerPhone, 'Team brochure').waitFor();
      await roleNotice(viewerPhone).waitFor();
      await screenshot(viewerPhone, 'workspace-role-viewer-dashboard');
      await viewerPhone.context().close();

      // What the screens no longer offer, the server refuses all the same.
      const refused = await apiCall(
        suite.product,
        viewerToken,
        'POST',
        '/api/urls',
        { original_url: 'https://example.com/not-mine', title: 'Viewer’s' },
        team.id,
      ).catch((error: Error) => error.message);
      expect(refused).toMatch(/^POST \/api\/urls: 403 .*does not allow this/);

      // The billing member: no link screens, and why; no link the role cannot read is asked for.
      const billing = await teamDashboard(billingToken, team);
      await roleNotice(billing)
        .getByText('Your role in this workspace is Billing. Reading its links and analytics needs the Owner, Admin, Member or Viewer role.')
        .waitFor();
      expect(await billing.locator('[data-link-id]').count()).toBe(0);
      expect(await billing.getByTestId('result-count').count()).toBe(0);
      expect(await nav(billing).getByRole('button', { name: 'Create Link' }).count()).toBe(0);
      expect(
        await nav(billing)
          .getByRole('link', { name: /Links & Analytics/ })
          .count(),
      ).toBe(0);
      await roleNotice(billing).getByRole('link', { name: 'Payments' }).waitFor();
      expect(await seriousA11yViolations(billing)).toEqual([]);
      await screenshot(billing, 'workspace-role-billing-dashboard');
      await billing.goto(`/analytics/${link.id}`);
      await roleNotice(billing).getByText('Reading analytics needs the Owner, Admin, Member or Viewer role.', { exact: false }).waitFor();
      await billing.context().close();

      // The owner: every action, and no notice.
      const owner = await teamDashboard(ownerToken, team);
      await row(owner, 'Team brochure').waitFor();
      await main(owner).getByRole('button', { name: 'Create Link' }).waitFor();
      await nav(owner).getByRole('button', { name: 'Create Link' }).waitFor();
      await owner.getByLabel('Paste long url and shorten it').waitFor();
      expect(
        await row(owner, 'Team brochure')
          .locator('[data-action]')
          .evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-action'))),
      ).toEqual(['copy', 'qr', 'analytics', 'edit', 'delete']);
      await row(owner, 'Team brochure').getByRole('checkbox').check();
      await owner.getByTestId('bulk-bar').getByRole('button', { name: 'Delete All' }).waitFor();
      expect(await roleNotice(owner).count()).toBe(0);
      expect(await main(owner).getByText(`Search, filter and manage every short link ${team.name} owns.`).count()).toBe(1);
      await main(owner).getByRole('link', { name: 'Upgrade this workspace to Pro for export' }).waitFor();
      await owner.context().close();
    },
  );
});
