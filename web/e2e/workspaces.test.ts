import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, apiCall, newContext, openSignedIn, screenshot, seriousA11yViolations, verifyByMail } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { workspaceSetup } from './workspace-helpers.ts';

/*
 * The workspace screens in the browser (docs/workspaces.md#screens) on the real server: the
 * sidebar's switcher (creating a team workspace, the links list following the choice, the
 * choice kept over a reload and dropped when the workspace is gone), Settings → Workspace
 * (inviting, the invited user accepting at /invite/:token and appearing with the role, a role
 * change) and the invite screen for a visitor (register first, then back to the invite).
 */

describe('workspaces in the browser', () => {
  const suite = useBrowserSuite('workspaces-root@example.com');
  let serial = 0;
  const unique = (name: string) => `${name}${serial++}-${Date.now().toString(36)}@example.com`;
  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);
  const { linkIn, verifiedAccount, inviteLinkTo } = workspaceSetup(suite);

  /** A verified account with room for `seats` people in its personal workspace (the root sets them). */
  async function inviter(seats: number) {
    const email = unique('owner');
    const token = await verifiedAccount(email);
    const me = await call<{ id: number }>(token, 'GET', '/api/users/me');
    await call(suite.rootToken, 'PUT', `/api/admin/api/users/${me.id}/limits`, { custom_seats_limit: seats });
    return { email, token, id: me.id };
  }

  const titles = async (page: Page) => (await page.locator('[data-link-id] .link-title').allTextContents()).map((title) => title.trim());
  const switcher = (page: Page) => page.getByRole('combobox', { name: 'Workspace' });

  async function expectAccessible(page: Page) {
    expect(await seriousA11yViolations(page)).toEqual([]);
  }

  it(
    'switcher: creates a team workspace and switches to it; the links list follows the choice, which a reload keeps and a deleted workspace drops',
    { timeout: 90_000 },
    async () => {
      const email = unique('switcher');
      const token = await verifiedAccount(email);
      await linkIn(token, 'Personal one');
      const page = await openSignedIn(suite.browser, suite.product, token, '/dashboard');
      page.setDefaultTimeout(10_000);
      await page.locator('[data-link-id]', { hasText: 'Personal one' }).waitFor();
      expect(await page.getByText('Your role: Owner').count()).toBe(1);

      // Creating: the slug follows the name; the new workspace becomes the current one, its list empty.
      await page.getByRole('button', { name: 'Create workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create workspace' });
      await dialog.getByLabel('Name').fill('Growth <b>team</b>');
      expect(await dialog.getByLabel('Slug').inputValue()).toBe('growth-b-team-b');
      const slug = `growth-${Date.now().toString(36)}`;
      await dialog.getByLabel('Slug').fill(slug);
      await expectAccessible(page);
      await dialog.getByRole('button', { name: 'Create workspace' }).click();
      await page.locator('.toast', { hasText: 'The workspace Growth <b>team</b> was created.' }).waitFor();
      const team = (await call<{ workspaces: { id: number; name: string }[] }>(token, 'GET', '/api/workspaces')).workspaces.find(
        (w) => w.name === 'Growth <b>team</b>',
      )!;
      await expect.poll(() => switcher(page).inputValue()).toBe(String(team.id));
      await page.getByTestId('empty-none').getByText('No links yet').waitFor();
      expect(await page.locator('b', { hasText: 'team' }).count()).toBe(0);

      // A link made in the team workspace is listed there, and only there; a reload keeps the choice.
      await linkIn(token, 'Team one', team.id);
      await page.reload();
      await page.locator('[data-link-id]', { hasText: 'Team one' }).waitFor();
      expect(await titles(page)).toEqual(['Team one']);
      expect(await page.evaluate(() => localStorage.getItem('workspace'))).toBe(String(team.id));
      await screenshot(page, 'workspace-switcher');

      // The personal workspace comes first.
      expect(await switcher(page).locator('option').first().textContent()).toMatch(/\(personal\)$/);
      await switcher(page).selectOption({ index: 0 });
      await page.locator('[data-link-id]', { hasText: 'Personal one' }).waitFor();
      expect(await titles(page)).toEqual(['Personal one']);
      expect(await page.evaluate(() => localStorage.getItem('workspace'))).toBeNull();
      await switcher(page).selectOption({ label: 'Growth <b>team</b>' });
      await page.locator('[data-link-id]', { hasText: 'Team one' }).waitFor();

      // The workspace goes (deleted elsewhere): the app falls back to the personal one.
      await call(token, 'DELETE', `/api/workspaces/${team.id}`);
      await page.reload();
      await page.locator('[data-link-id]', { hasText: 'Personal one' }).waitFor();
      expect(await page.evaluate(() => localStorage.getItem('workspace'))).toBeNull();
      expect(await switcher(page).locator('option').allTextContents()).toHaveLength(1);
      await page.context().close();

      // On a phone the switcher sits in the slide-over navigation.
      const phone = await openSignedIn(suite.browser, suite.product, token, '/dashboard', PHONE);
      phone.setDefaultTimeout(10_000);
      await phone.getByRole('button', { name: 'Open navigation' }).click();
      await switcher(phone).waitFor();
      await screenshot(phone, 'workspace-switcher');
      await phone.context().close();
    },
  );

  it(
    'members and invites: an invite by e-mail with a role, accepted at /invite/:token, lists the member with that role; a role change; the member leaves',
    { timeout: 90_000 },
    async () => {
      const owner = await inviter(5);
      const benEmail = unique('ben');
      const page = await openSignedIn(suite.browser, suite.product, owner.token, '/settings?tab=workspace');
      page.setDefaultTimeout(10_000);
      await page.getByText('1 of 5 seats used').waitFor();
      await page.getByLabel('E-mail address').fill(benEmail);
      await page.getByLabel('Role', { exact: true }).selectOption('viewer');
      await page.getByRole('button', { name: 'Send invite' }).click();
      await page.locator('.status-message.tone-success').waitFor();
      const invites = page.getByTestId('workspace-invites');
      await invites.getByText('Viewer').waitFor();
      expect(await invites.locator('tbody tr').first().textContent()).toContain('@example.com');
      expect(await invites.locator('tbody tr').first().textContent()).not.toContain(benEmail);
      await page.getByText('2 of 5 seats used').waitFor();

      // The same address again: the server's refusal, as it says it.
      await page.getByLabel('E-mail address').fill(benEmail);
      await page.getByRole('button', { name: 'Send invite' }).click();
      await page
        .locator('.status-message.tone-error', { hasText: 'This address already has a pending invite to this workspace. Revoke it first to send a new one.' })
        .waitFor();

      // Ben registers, verifies and follows the link in the invite mail.
      const benToken = await verifiedAccount(benEmail);
      const link = await inviteLinkTo(benEmail);
      const ben = await openSignedIn(suite.browser, suite.product, benToken, link.pathname);
      ben.setDefaultTimeout(10_000);
      await ben.getByRole('heading', { name: 'Workspace invite', level: 1 }).waitFor();
      await expectAccessible(ben);
      await screenshot(ben, 'workspace-invite-signed-in');
      await ben.getByRole('button', { name: 'Accept invite' }).click();
      await ben.locator('.status-message.tone-success').waitFor();
      // He now acts in the workspace he joined, as a viewer.
      await ben.getByText('Your role: Viewer').waitFor();
      await ben.context().close();

      await page.reload();
      const members = page.getByTestId('workspace-members');
      const benRow = members.locator('tbody tr', { hasText: benEmail.split('@')[0]! });
      await benRow.waitFor();
      expect(await benRow.getByRole('combobox').inputValue()).toBe('viewer');
      expect(await page.getByTestId('workspace-invites').getByText('No pending invites.').count()).toBe(1);
      await benRow.getByRole('combobox').selectOption('member');
      await page.locator('.status-message.tone-success').waitFor();
      const roles = await call<{ members: { user_id: number; role: string }[] }>(owner.token, 'GET', `/api/workspaces/${owner.id}/members`);
      expect(roles.members.map((member) => member.role)).toEqual(['owner', 'member']);
      await expectAccessible(page);
      await screenshot(page, 'settings-workspace');
      await page.context().close();
      const phone = await openSignedIn(suite.browser, suite.product, owner.token, '/settings?tab=workspace', PHONE);
      await phone.getByRole('combobox', { name: /^Role of / }).waitFor();
      await screenshot(phone, 'settings-workspace');
      await phone.context().close();

      // Ben leaves: asked first, then back in his own workspace, and no longer a member.
      const benAgain = await openSignedIn(suite.browser, suite.product, benToken, '/settings?tab=workspace');
      benAgain.setDefaultTimeout(10_000);
      await switcher(benAgain).selectOption({ index: 1 });
      await benAgain.getByText('A personal workspace · your role: Member').waitFor();
      await benAgain.getByRole('button', { name: 'Leave workspace' }).click();
      await benAgain.getByRole('dialog', { name: 'Leave workspace' }).getByRole('button', { name: 'Leave workspace' }).click();
      await benAgain.locator('.toast', { hasText: 'You left the workspace.' }).waitFor();
      await benAgain.getByText('Your personal workspace · your role: Owner').waitFor();
      expect(await switcher(benAgain).locator('option').allTextContents()).toHaveLength(1);
      const remaining = await call<{ members: { user_id: number }[] }>(owner.token, 'GET', `/api/workspaces/${owner.id}/members`);
      expect(remaining.members.map((member) => member.user_id)).toEqual([owner.id]);
      await benAgain.context().close();
    },
  );

  it(
    'renaming a team workspace (the switcher follows); deleting it asks first, says so in the server’s words and brings the app back to the personal workspace',
    { timeout: 60_000 },
    async () => {
      const token = await verifiedAccount(unique('deleter'));
      const created = await call<{ workspace: { id: number } }>(token, 'POST', '/api/workspaces', {
        name: 'Short-lived',
        slug: `short-${Date.now().toString(36)}`,
      });
      const page = await openSignedIn(suite.browser, suite.product, token, '/settings?tab=workspace');
      page.setDefaultTimeout(10_000);
      await switcher(page).selectOption({ label: 'Short-lived' });
      await page.getByText('Team workspace · slug short-').waitFor();
      // Renaming: the server's answer, and the switcher follows.
      await page.getByLabel('Name', { exact: true }).fill('Soon <i>gone</i>');
      await page.getByRole('button', { name: 'Save name' }).click();
      await page.locator('.status-message.tone-success', { hasText: 'The workspace was renamed.' }).waitFor();
      await switcher(page).locator('option', { hasText: 'Soon <i>gone</i>' }).waitFor({ state: 'attached' });
      await page.getByRole('button', { name: 'Delete workspace' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete workspace' });
      await dialog.getByText('Soon <i>gone</i>').waitFor();
      await dialog.getByRole('button', { name: 'Delete workspace' }).click();
      await page.locator('.toast', { hasText: 'The workspace was deleted.' }).waitFor();
      await page.getByText('Your personal workspace · your role: Owner').waitFor();
      // The app is back on the personal workspace before the list is read again: the deleted one goes when it is.
      await expect.poll(() => switcher(page).locator('option').allTextContents()).toHaveLength(1);
      expect(await page.evaluate(() => localStorage.getItem('workspace'))).toBeNull();
      const left = await fetch(`${suite.product.baseUrl}/api/workspaces/${created.workspace.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(left.status).toBe(404);
      await page.context().close();
    },
  );

  it('the invite screen for a visitor: register first, back to the invite, the server’s refusal as it says it, then decline', { timeout: 90_000 }, async () => {
    const owner = await inviter(3);
    const carolEmail = unique('carol');
    await call(owner.token, 'POST', `/api/workspaces/${owner.id}/invites`, { email: carolEmail, role: 'member' });
    const link = await inviteLinkTo(carolEmail);

    const context = await newContext(suite.browser, suite.product, PHONE);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    // The server answers the invite link with the app, as a page (not its 404).
    expect((await page.goto(link.pathname))?.status()).toBe(200);
    await page.getByRole('heading', { name: 'Sign in to answer' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'workspace-invite-signed-out');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Email', { exact: true }).fill(carolEmail);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByLabel('Confirm Password', { exact: true }).fill('secret123');
    await page.getByLabel(/I agree to the Terms of Service and Privacy Policy/).check();
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL(`**${link.pathname}`);

    // Not verified yet: the server says what to do.
    await page.getByRole('button', { name: 'Accept invite' }).click();
    const refusal = page.locator('.status-message.tone-error');
    await refusal.waitFor();
    expect(await refusal.textContent()).toMatch(/verif/i);

    // Proving the address ends this session: signed out, the screen asks to sign in, and signing in comes back to it.
    await verifyByMail(suite.product, carolEmail);
    await page.reload();
    await page.getByRole('link', { name: 'Sign in' }).click();
    await page.getByLabel('Email', { exact: true }).fill(carolEmail);
    await page.getByLabel('Password', { exact: true }).fill('secret123');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL(`**${link.pathname}`);
    await page.getByRole('button', { name: 'Decline' }).click();
    await page.locator('.status-message.tone-success').waitFor();
    await page.getByRole('link', { name: 'Go to your dashboard' }).waitFor();
    const after = await call<{ members: unknown[]; invites: unknown[] }>(owner.token, 'GET', `/api/workspaces/${owner.id}/members`);
    expect(after).toMatchObject({ members: [{ user_id: owner.id }], invites: [] });
    await context.close();
  });
});
