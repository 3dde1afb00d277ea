import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { PHONE, apiCall, openSignedIn, registerByApi, signInByApi, screenshot, seriousA11yViolations, verifyByMail, waitForMail } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * The support screen and the admin inbox on the real server (docs/support.md): a user writes
 * through the contact form and sees the ticket listed, an admin answers and closes it in the
 * inbox, and the user reads the answer; hostile text stays text everywhere.
 */

const SUBJECT = 'Clicks <img src=x onerror="window.__xss=1"> missing';
const MESSAGE = 'My link shows 0 clicks since Monday.\nIt was shared on a newsletter.';
const REPLY = 'Newsletter previews are bots and are not counted. <b>Human clicks are.</b>';

describe('support in the browser', () => {
  const suite = useBrowserSuite();
  let userToken: string;

  beforeAll(async () => {
    userToken = await registerByApi(suite.product, 'ada@example.com');
    // Support mail goes to proven addresses only; proving it ends the sessions before it.
    await verifyByMail(suite.product, 'ada@example.com');
    userToken = await signInByApi(suite.product, 'ada@example.com');
  }, 120_000);

  async function expectInert(page: Page) {
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    expect(await page.locator('img[src="x"], b:text("Human clicks are.")').count()).toBe(0);
  }
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

  it('answers questions about this product in the faq tab, and lists where to read more', async () => {
    const page = await openSignedIn(suite.browser, suite.product, userToken, '/support');
    try {
      await page.getByRole('heading', { name: 'Help & Support' }).waitFor();
      expect(await page.getByRole('tab', { name: 'FAQ' }).getAttribute('aria-selected')).toBe('true');
      await page.getByText('What does each plan include?').click();
      // The limits come from the plan catalogue the server checks against.
      await page.getByText(/Pro: 1,000 links a month, 1,000 API calls a minute, 2 custom domains/).waitFor();
      await page.getByText('Why does a link show fewer clicks than I expected?').click();
      await page.getByText(/Visits by bots and crawlers are recorded but never counted/).waitFor();
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'support-faq');

      await page.getByRole('tab', { name: 'Resources' }).click();
      expect(new URL(page.url()).searchParams.get('tab')).toBe('resources');
      // The tab follows the address, which React renders in a transition: wait for the panel.
      await page.locator('.support-resources a').first().waitFor();
      const hrefs = await page.locator('.support-resources a').evaluateAll((links) => links.map((link) => link.getAttribute('href')));
      expect(hrefs).toEqual(expect.arrayContaining(['/docs', '/api/docs', '/api/openapi.json', '/api/health']));
      for (const path of ['/api/docs', '/api/openapi.json', '/api/health']) expect((await fetch(`${suite.product.baseUrl}${path}`)).status, path).toBe(200);
      expect(await seriousA11yViolations(page)).toEqual([]);
    } finally {
      await page.context().close();
    }
  });

  it('a user opens a ticket with the contact form, gets a confirmation, and sees it listed', async () => {
    const page = await openSignedIn(suite.browser, suite.product, userToken, '/support?tab=contact');
    try {
      const form = page.locator('.support-form');
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByText('Please enter a subject.').waitFor();
      await form.getByText('Please enter a message.').waitFor();
      expect(await page.getByLabel('Priority').inputValue()).toBe('medium');

      await page.getByLabel('Subject').fill(SUBJECT);
      await page.getByLabel('Priority').selectOption('high');
      await page.getByLabel('Message').fill(MESSAGE);
      await form.getByRole('button', { name: 'Send Message' }).click();
      await form.getByRole('status').filter({ hasText: 'was sent successfully' }).waitFor();
      expect(await page.getByLabel('Subject').inputValue()).toBe('');

      const card = page.locator('.ticket-card').first();
      await card.getByRole('heading', { name: SUBJECT }).waitFor();
      expect(await card.locator('.badge').allTextContents()).toEqual(['Open', 'High priority']);
      expect(await card.locator('.ticket-thread__text').first().innerText()).toBe(MESSAGE);
      await expectInert(page);
      expect(await waitForMail(suite.product, 'ada@example.com', 10_000, 'We received your support request #')).toContain('/support?tab=contact');
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'support-contact');
    } finally {
      await page.context().close();
    }
  });

  it('an admin finds the ticket in the inbox with the user’s address, answers it by e-mail and closes it', async () => {
    // A second, urgent ticket goes first in the inbox.
    const other = await registerByApi(suite.product, 'bob@example.com');
    await apiCall(suite.product, other, 'POST', '/api/support/tickets', {
      subject: 'Checkout fails',
      priority: 'urgent',
      message: 'The payment page does not open.',
    });

    const page = await openSignedIn(suite.browser, suite.product, suite.rootToken, '/admin?tab=support');
    try {
      const rows = page.locator('.support-inbox__table tbody tr');
      await rows.first().waitFor();
      expect(await rows.locator('.support-inbox__email').allTextContents()).toEqual(['bob@example.com', 'ada@example.com']);
      await page.getByLabel('Priority').selectOption('high');
      await expect.poll(() => rows.count()).toBe(1);
      expect(await rows.first().locator('.support-inbox__subject').innerText()).toBe(SUBJECT);
      await expectInert(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await page.getByLabel('Priority').selectOption('');
      await expect.poll(() => rows.count()).toBe(2);
      await screenshot(page, 'admin-support-inbox');

      await rows
        .nth(1)
        .getByRole('button', { name: /Open ticket/ })
        .click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText(MESSAGE.split('\n')[0]!).waitFor();
      await dialog.getByLabel('Reply to the user').fill(REPLY);
      await dialog.getByRole('button', { name: 'Send reply' }).click();
      await dialog.getByText('Your reply was sent successfully to ada@example.com.').waitFor();
      await dialog.locator('.ticket-thread__message--admin').getByText(REPLY).waitFor();
      await expectInert(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'admin-support-ticket');
      const mail = await waitForMail(suite.product, 'ada@example.com', 10_000, 'Re: ');
      expect(mail).toContain('Newsletter previews are bots');
      expect(mail).toContain('&#60;b&#62;Human clicks are.&#60;/b&#62;');

      await dialog.getByRole('button', { name: 'Close ticket' }).click();
      await dialog.getByText('The ticket is closed.').waitFor();
      await dialog.getByText('This ticket is closed. The user can open it again by replying.').waitFor();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();
      // Only the urgent ticket is still open.
      await expect.poll(() => rows.count()).toBe(1);
      await page.getByLabel('Status').selectOption('closed');
      await expect.poll(async () => rows.locator('.support-inbox__email').allTextContents()).toEqual(['ada@example.com']);
    } finally {
      await page.context().close();
    }
  });

  it('the user reads the answer on the closed ticket, and a reply opens it again', async () => {
    const page = await openSignedIn(suite.browser, suite.product, userToken, '/support?tab=contact');
    try {
      const card = page.locator('.ticket-card').first();
      await card.locator('.ticket-thread__message--admin').getByText(REPLY).waitFor();
      expect(await card.locator('.ticket-thread__author').allTextContents()).toEqual(['You', 'Linkledger support']);
      expect(await card.locator('.badge').first().innerText()).toBe('Closed');
      await card.getByText('This ticket is closed. Replying opens it again.').waitFor();
      await expectInert(page);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'support-tickets');

      await card.getByLabel('Your reply').fill('Thank you, that explains it.');
      await card.getByRole('button', { name: 'Send reply' }).click();
      await card.getByText('Your reply was sent successfully.').waitFor();
      await expect.poll(() => card.locator('.badge').first().innerText()).toBe('Open');
      expect(await card.locator('.ticket-thread__author').allTextContents()).toEqual(['You', 'Linkledger support', 'You']);
    } finally {
      await page.context().close();
    }
  });

  it('fits a phone', async () => {
    const page = await openSignedIn(suite.browser, suite.product, userToken, '/support?tab=contact', PHONE);
    try {
      await page.locator('.ticket-card').first().waitFor();
      expect(await fitsWidth(page)).toBe(true);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'support-contact');
    } finally {
      await page.context().close();
    }
  });
});
