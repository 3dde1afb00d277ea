import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations, signInByApi, verifyByMail } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The API Keys screen's workspace keys in the browser (docs/developer-api.md#workspace-keys-and-scopes),
 * on the real server: a Pro account lists its workspace's keys, makes one with a name and scopes
 * (the key shown once, with copy), uses it, and revokes it behind a confirmation; a team workspace
 * on Free shows no account key card and says what Advanced API would add.
 */

describe('workspace API keys in the browser', () => {
  const suite = useBrowserSuite('keys-root@example.com');
  const call = <T>(token: string, method: string, path: string, body?: unknown) => apiCall<T>(suite.product, token, method, path, body);

  async function verifiedAccount(email: string) {
    await registerByApi(suite.product, email);
    await verifyByMail(suite.product, email);
    const token = await signInByApi(suite.product, email);
    return { token, id: (await call<{ id: number }>(token, 'GET', '/api/users/me')).id };
  }

  const withKey = (key: string, method: string, path: string, body?: unknown) =>
    fetch(`${suite.product.baseUrl}${path}`, {
      method,
      headers: { 'x-api-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });

  const keysTable = (page: Page) => page.getByTestId('workspace-keys');

  it('lists, creates (shown once, with copy), uses and revokes a key, at desktop and phone sizes', { timeout: 90_000 }, async () => {
    const owner = await verifiedAccount('keys-owner@example.com');
    await call(suite.rootToken, 'POST', `/api/admin/users/${owner.id}/change-plan`, { plan_type: 'pro' });
    const page = await openSignedIn(suite.browser, suite.product, owner.token, '/api-keys');
    page.setDefaultTimeout(10_000);
    // The personal workspace keeps the account's key card as before.
    await page.getByRole('heading', { name: 'Your API key' }).waitFor();
    await page.getByRole('heading', { name: 'Workspace API keys' }).waitFor();
    await keysTable(page).getByText('No keys yet.').waitFor();
    // Pro has Advanced API: every scope the owner's role holds is offered, and no plan note.
    expect(await page.getByRole('checkbox').count()).toBe(6);
    expect(await page.getByRole('note').count()).toBe(0);

    const hostile = 'Zapier <img src=x onerror=alert(1)>';
    await page.getByLabel('Name').fill(hostile);
    await page.getByRole('checkbox', { name: /links:read/ }).check();
    await page.getByRole('checkbox', { name: /links:write/ }).check();
    await page.getByRole('button', { name: 'Create key' }).click();
    const shown = page.getByRole('textbox', { name: 'New API key' });
    await shown.waitFor();
    const key = await shown.inputValue();
    expect(key).toMatch(/^llw_/);
    await page.getByText('it will not be shown again').waitFor();
    const row = keysTable(page).locator('tr', { hasText: 'Zapier' });
    await row.waitFor();
    // The name is text, not markup.
    expect(await row.locator('.workspace-keys__name').textContent()).toBe(hostile);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    expect(await row.textContent()).toContain(`…${key.slice(-4)}`);
    expect(await row.textContent()).toContain('Never');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await screenshot(page, 'workspace-api-keys');

    // The key works in the workspace, within its scopes.
    expect((await withKey(key, 'POST', '/api/urls/api', { original_url: 'https://example.com/from-key' })).status).toBe(201);

    // Done hides it; a reload never shows it again, but the list shows when it was last used.
    await page.getByRole('button', { name: 'Done' }).click();
    expect(await page.getByRole('textbox', { name: 'New API key' }).count()).toBe(0);
    const phone = await openSignedIn(suite.browser, suite.product, owner.token, '/api-keys', PHONE);
    phone.setDefaultTimeout(10_000);
    await keysTable(phone).locator('tr', { hasText: 'Zapier' }).waitFor();
    expect(await phone.content()).not.toContain(key);
    await screenshot(phone, 'workspace-api-keys');
    await phone.context().close();

    // Revoking asks first, then the key stops at once.
    await row.getByRole('button', { name: /^Revoke/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('The key stops working at once').waitFor();
    await dialog.getByRole('button', { name: 'Revoke' }).click();
    await page.getByText('The API key was revoked').waitFor();
    await keysTable(page).getByText('No keys yet.').waitFor();
    expect((await withKey(key, 'GET', '/api/urls')).status).toBe(401);
    await page.context().close();
  });

  it('a team workspace on Free: no account key card, the links and analytics scopes only, and the plan says why', { timeout: 60_000 }, async () => {
    const owner = await verifiedAccount('keys-team-owner@example.com');
    const team = await call<{ workspace: { id: number } }>(owner.token, 'POST', '/api/workspaces', { name: 'Free team', slug: 'free-team-keys' });
    const page = await openSignedIn(suite.browser, suite.product, owner.token, '/api-keys');
    page.setDefaultTimeout(10_000);
    // The personal workspace on Free: the account's key, made on this first visit, is its one key.
    await page.getByRole('heading', { name: 'Your API key' }).waitFor();
    await page.getByRole('note').getByText('and has it').waitFor();
    expect(await page.getByRole('button', { name: 'Create key' }).count()).toBe(0);
    await screenshot(page, 'workspace-api-keys-free-personal');

    await page.evaluate((id) => localStorage.setItem('workspace', String(id)), team.workspace.id);
    await page.reload();
    await page.getByRole('heading', { name: 'Workspace API keys' }).waitFor();
    await page.getByRole('note').getByText('no Advanced API').waitFor();
    expect(await page.getByRole('heading', { name: 'Your API key' }).count()).toBe(0);
    expect(await page.getByRole('checkbox').evaluateAll((boxes) => boxes.map((box) => box.closest('label')?.querySelector('code')?.textContent))).toEqual([
      'links:read',
      'links:write',
      'analytics:read',
    ]);
    await screenshot(page, 'workspace-api-keys-free');
    await page.context().close();
  });
});
