import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_SIGNATURE_HEADER, type WebhookPayload } from '@linkledger/contracts';
import { eventually } from '../../services/src/testing/eventually.ts';
import { useBrowserSuite } from './browser-suite.ts';
import { PHONE, apiCall, openSignedIn, screenshot, seriousA11yViolations } from './harness.ts';
import { workspaceSetup } from './workspace-helpers.ts';

/*
 * The Webhooks screen in the browser (docs/web-app.md#webhooks), on the real server with a real
 * receiver on loopback (allowed by WEBHOOKS_ALLOW_PRIVATE_TARGETS=1): a Pro owner creates a
 * webhook (the secret shown once), sends a test event the receiver gets signed with that secret,
 * reads the delivery log, and replays the last hour, which redelivers the same event ids marked
 * as replays; a Free workspace is shown the upgrade prompt.
 */

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** What the receiver answers: text that would be markup if the screen took it for HTML. */
const HOSTILE_ANSWER = '<img src=x onerror="document.body.dataset.hacked=1">received';

/** The receiver's check of a delivery's signature, as docs/webhooks.md shows it. */
function signedWith(secret: string, delivery: Received): boolean {
  const header = String(delivery.headers[WEBHOOK_SIGNATURE_HEADER.toLowerCase()] ?? '');
  const parts = Object.fromEntries(header.split(',').map((part) => part.split('=') as [string, string]));
  const expected = createHmac('sha256', secret).update(`${parts.t}.${delivery.body}`).digest('hex');
  return parts.v1 === expected;
}

describe('webhooks in the browser', () => {
  const received: Received[] = [];
  const receiver: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(200, { 'content-type': 'text/plain' }).end(HOSTILE_ANSWER);
    });
  });
  let receiverUrl = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks/linkledger`;
  });
  afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));

  const suite = useBrowserSuite('webhooks-root@example.com', () => ({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1' }));
  const setup = workspaceSetup(suite);
  const payloads = () => received.map((each) => JSON.parse(each.body) as WebhookPayload);
  const listTable = (page: Page) => page.getByTestId('webhooks');
  const deliveryTable = (page: Page) => page.getByTestId('webhook-deliveries');

  it(
    'creates a webhook (secret once), delivers a signed test event, logs it and replays the last hour, at desktop and phone sizes',
    { timeout: 120_000 },
    async () => {
      const token = await setup.verifiedAccount('webhooks-owner@example.com');
      const me = await apiCall<{ id: number }>(suite.product, token, 'GET', '/api/users/me');
      await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${me.id}/change-plan`, { plan_type: 'pro' });
      await setup.linkIn(token, 'Spring sale');

      const page = await openSignedIn(suite.browser, suite.product, token, '/webhooks');
      page.setDefaultTimeout(15_000);
      await listTable(page).getByText('No webhooks yet.').waitFor();
      await screenshot(page, 'webhooks-empty');

      // The form says what is missing before anything is sent.
      await page.getByRole('button', { name: 'New webhook' }).click();
      const form = page.getByRole('dialog', { name: 'New webhook' });
      await form.getByRole('button', { name: 'Create webhook' }).click();
      await form.getByText('Please enter a name for the webhook.').waitFor();
      await form.getByText('Choose at least one event for this webhook to hear.').waitFor();

      const hostileName = 'CRM <img src=x onerror=alert(1)>';
      await form.getByLabel('Name').fill(hostileName);
      await form.getByLabel('Endpoint URL').fill(receiverUrl);
      await form.getByRole('checkbox', { name: /link\.created/ }).check();
      await form.getByRole('checkbox', { name: /link\.clicked/ }).check();
      await form.getByRole('checkbox', { name: /Spring sale/ }).check();
      await form.getByRole('button', { name: 'Create webhook' }).click();

      // The secret is shown once, with copy, and the list shows only its last four characters.
      const secretBox = page.getByRole('textbox', { name: 'Signing secret' });
      await secretBox.waitFor();
      const secret = await secretBox.inputValue();
      expect(secret.length).toBeGreaterThanOrEqual(16);
      await page.getByText('you won’t see it again').waitFor();
      const row = listTable(page).locator('tr', { hasText: 'CRM' });
      await row.waitFor();
      expect(await row.locator('.webhooks__name').textContent()).toBe(hostileName);
      expect(await row.textContent()).toContain(`…${secret.slice(-4)}`);
      expect(await row.textContent()).toContain('Clicks of 1 link');
      expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('true');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'webhooks-created');
      await page.getByRole('button', { name: 'Done' }).click();
      expect(await secretBox.count()).toBe(0);

      // Send test event: the receiver gets it signed with the secret, and the screen says so.
      await page.getByRole('button', { name: 'Send test event' }).click();
      await page.getByText(/Test event (delivered|sent)/).waitFor();
      await eventually(() => payloads().some((each) => each.type === 'webhook.test'), 15_000, 'the test event at the receiver');
      const test = received.find((each) => (JSON.parse(each.body) as WebhookPayload).type === 'webhook.test')!;
      expect(signedWith(secret, test)).toBe(true);
      expect(signedWith('not-the-secret', test)).toBe(false);

      // A new link is heard; the log shows both deliveries, the receiver's answer as text.
      await setup.linkIn(token, 'Autumn sale');
      await eventually(() => payloads().some((each) => each.type === 'link.created' && !each.replay), 20_000, 'link.created at the receiver');
      const original = payloads().find((each) => each.type === 'link.created' && !each.replay)!;
      await page.getByRole('button', { name: 'Refresh' }).click();
      await deliveryTable(page).locator('tr', { hasText: 'link.created' }).first().waitFor();
      const testRow = deliveryTable(page).locator('tr', { hasText: 'webhook.test' }).first();
      expect(await testRow.textContent()).toContain('Delivered');
      expect(await testRow.textContent()).toContain('HTTP 200');
      expect(await testRow.locator('.webhooks__excerpt').textContent()).toBe(HOSTILE_ANSWER);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await page.evaluate(() => document.body.dataset.hacked)).toBeUndefined();
      await screenshot(page, 'webhooks-delivery-log');

      // Replay the last hour: the same event ids again, marked as replays, and the log marks them too.
      const anHourAgo = await page.evaluate(() => {
        const date = new Date(Date.now() - 60 * 60 * 1000);
        const pad = (n: number) => String(n).padStart(2, '0');
        return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
      });
      await page.getByRole('button', { name: 'Replay…' }).click();
      const replay = page.getByRole('dialog', { name: /^Replay events to/ });
      await replay.getByLabel('From (your local time)').fill(anHourAgo);
      await screenshot(page, 'webhooks-replay-dialog');
      await replay.getByRole('button', { name: 'Start replay' }).click();
      await replay.getByText(/events? queued for redelivery/).waitFor();
      await eventually(() => payloads().some((each) => each.replay && each.id === original.id), 20_000, 'the replayed link.created');
      const replayed = received.find((each) => {
        const payload = JSON.parse(each.body) as WebhookPayload;
        return payload.replay && payload.id === original.id;
      })!;
      expect(signedWith(secret, replayed)).toBe(true);
      await replay.getByRole('button', { name: 'Done' }).click();
      await page.getByRole('button', { name: 'Refresh' }).click();
      await deliveryTable(page).getByText('Replay', { exact: true }).first().waitFor();
      await screenshot(page, 'webhooks-replayed');

      // Edit keeps what it is not told to change: a new name, the same address and events.
      await row.getByRole('button', { name: /^Edit/ }).click();
      const edit = page.getByRole('dialog', { name: 'Edit webhook' });
      expect(await edit.getByLabel('Endpoint URL').inputValue()).toBe(receiverUrl);
      expect(await edit.getByRole('checkbox', { name: /Spring sale/ }).isChecked()).toBe(true);
      await edit.getByLabel('Name').fill('CRM sync');
      await edit.getByRole('button', { name: 'Save webhook' }).click();
      await page.getByText('CRM sync was saved.').waitFor();
      expect(await row.textContent()).toContain(receiverUrl);

      // Switched off by hand it says Off; the phone shows the same list, and never the secret.
      await row.getByRole('switch').click();
      await page.getByText('is off.').waitFor();
      expect(await row.getByRole('switch').getAttribute('aria-checked')).toBe('false');
      const phone = await openSignedIn(suite.browser, suite.product, token, '/webhooks', PHONE);
      phone.setDefaultTimeout(15_000);
      await listTable(phone).locator('tr', { hasText: 'CRM' }).waitFor();
      expect(await phone.content()).not.toContain(secret);
      await screenshot(phone, 'webhooks-created');
      await listTable(phone)
        .getByRole('button', { name: /^Deliveries/ })
        .click();
      await deliveryTable(phone).locator('tr', { hasText: 'webhook.test' }).first().waitFor();
      await screenshot(phone, 'webhooks-delivery-log');
      await phone.context().close();

      // Delete asks first; the list is empty again.
      await row.getByRole('button', { name: /^Delete/ }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete webhook?' });
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await listTable(page).getByText('No webhooks yet.').waitFor();
      await page.context().close();
    },
  );

  it('a member of a team is offered no Webhooks entry and is told who manages them', { timeout: 90_000 }, async () => {
    const ownerToken = await setup.verifiedAccount('webhooks-team-owner@example.com');
    const team = await setup.teamOf(ownerToken, 'Hooks team', 'hooks-team', 3);
    const memberToken = await setup.joinedMember(ownerToken, team.id, 'webhooks-member@example.com', 'member');
    const page = await openSignedIn(suite.browser, suite.product, memberToken, '/dashboard');
    page.setDefaultTimeout(15_000);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Webhooks' }).waitFor();
    await page.getByRole('combobox', { name: 'Workspace' }).selectOption({ label: team.name });
    await nav.getByRole('link', { name: 'Webhooks' }).waitFor({ state: 'detached' });
    await page.goto('/webhooks');
    await page
      .getByTestId('role-notice')
      .getByText('Your role in this workspace is Member. Managing the workspace’s webhooks needs the Owner or Admin role.')
      .waitFor();
    expect(await page.getByRole('button', { name: 'New webhook' }).count()).toBe(0);
    await screenshot(page, 'webhooks-member');
    await page.context().close();
  });

  it('a Free workspace is shown what webhooks need', { timeout: 60_000 }, async () => {
    const token = await setup.verifiedAccount('webhooks-free@example.com');
    const page = await openSignedIn(suite.browser, suite.product, token, '/webhooks');
    page.setDefaultTimeout(15_000);
    await page.getByRole('heading', { name: 'Feature Not Available' }).waitFor();
    await page.getByText('Webhooks are available on the Pro or Enterprise plan.').waitFor();
    expect(await page.getByRole('button', { name: 'New webhook' }).count()).toBe(0);
    await screenshot(page, 'webhooks-free');
    await page.context().close();
  });
});
