import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, newContext, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Issue #29: the pages a visitor may read without an account (docs/web-app.md#routes): the
 * terms and the privacy policy the register form links to, the API docs and the support FAQ
 * the footer links to — at desktop and phone sizes, none sending the visitor to /login.
 */

const VIEWPORTS = [DESKTOP, PHONE] as const;

describe('pages anyone may read', () => {
  const suite = useBrowserSuite();
  let userToken: string;

  beforeAll(async () => {
    userToken = await registerByApi(suite.product, 'reader@example.com');
  }, 120_000);

  async function asVisitor<T>(viewport: { width: number; height: number }, run: (page: Page, context: BrowserContext) => Promise<T>): Promise<T> {
    const context = await newContext(suite.browser, suite.product, viewport);
    try {
      return await run(await context.newPage(), context);
    } finally {
      await context.close();
    }
  }
  const fitsWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
  const path = (page: Page) => new URL(page.url()).pathname;

  it('the register form links "Terms of Service" and "Privacy Policy" to their pages, opened beside the form', async () => {
    for (const viewport of VIEWPORTS) {
      await asVisitor(viewport, async (page, context) => {
        await page.goto('/register');
        const terms = page.getByRole('link', { name: 'Terms of Service' });
        const privacy = page.getByRole('link', { name: 'Privacy Policy' });
        expect(await terms.getAttribute('href')).toBe('/terms');
        expect(await privacy.getAttribute('href')).toBe('/privacy');
        expect(await terms.getAttribute('target')).toBe('_blank');
        await screenshot(page, 'register-legal-links');

        const [opened] = await Promise.all([context.waitForEvent('page'), terms.click()]);
        await opened.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
        // The form kept its page: nothing typed is lost.
        expect(path(page)).toBe('/register');
      });
    }
  });

  it('shows the terms and the privacy policy to a visitor in the site frame, readable on a phone', async () => {
    for (const viewport of VIEWPORTS) {
      await asVisitor(viewport, async (page) => {
        await page.goto('/terms');
        await page.getByRole('heading', { name: 'Terms of Service', level: 1 }).waitFor();
        await page.getByRole('heading', { name: 'What you may not do' }).waitFor();
        expect(await page.locator('.site-header').count()).toBe(1);
        expect(await fitsWidth(page)).toBe(true);
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'terms');

        await page.goto('/privacy');
        await page.getByRole('heading', { name: 'Privacy Policy', level: 1 }).waitFor();
        await page.getByText('We never store a visitor’s IP address.').waitFor();
        expect(await fitsWidth(page)).toBe(true);
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'privacy');
      });
    }
  });

  it('the footer’s Terms, Privacy, API and Support links open their pages for a visitor, never /login', async () => {
    await asVisitor(DESKTOP, async (page) => {
      for (const [label, target, heading] of [
        ['Terms', '/terms', 'Terms of Service'],
        ['Privacy', '/privacy', 'Privacy Policy'],
        ['API', '/docs', 'API Documentation'],
        ['Support', '/support', 'Help & Support'],
      ] as const) {
        await page.goto('/');
        await page.locator('.site-footer').getByRole('link', { name: label, exact: true }).click();
        await page.getByRole('heading', { name: heading, level: 1 }).waitFor();
        expect(path(page), label).toBe(target);
      }
    });
  });

  it('a visitor reads the API docs and the support FAQ; writing to support asks them to sign in, and comes back after', async () => {
    for (const viewport of VIEWPORTS) {
      await asVisitor(viewport, async (page) => {
        await page.goto('/docs?tab=authentication');
        await page.getByRole('heading', { name: 'API Documentation', level: 1 }).waitFor();
        await page.getByText(/Calls per minute depend on your plan/).waitFor();
        expect(path(page)).toBe('/docs');
        expect(await fitsWidth(page)).toBe(true);
        await screenshot(page, 'docs-visitor');

        await page.goto('/support');
        await page.getByRole('heading', { name: 'Help & Support', level: 1 }).waitFor();
        await page.getByText('What does each plan include?').click();
        await page.getByText(/Pro: 1,000 links a month/).waitFor();
        expect(path(page)).toBe('/support');
        expect(await fitsWidth(page)).toBe(true);
        if (viewport === DESKTOP) expect(await seriousA11yViolations(page)).toEqual([]);
        await screenshot(page, 'support-visitor');

        await page.getByRole('tab', { name: 'Contact' }).click();
        await page.getByRole('heading', { name: 'Sign in to write to us' }).waitFor();
        expect(await page.getByLabel('Subject').count()).toBe(0);
        expect(await fitsWidth(page)).toBe(true);
        await screenshot(page, 'support-contact-visitor');
      });
    }
    // Signing in from there comes back to the contact form.
    await asVisitor(DESKTOP, async (page) => {
      await page.goto('/support?tab=contact');
      await page.getByRole('link', { name: 'Sign in', exact: true }).first().click();
      await page.getByLabel('Email', { exact: true }).fill('reader@example.com');
      await page.getByLabel('Password', { exact: true }).fill('secret123');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await page.waitForURL('**/support?tab=contact');
      await page.getByLabel('Subject').waitFor();
    });
  });

  it('a signed-in user still reads them inside the app’s own frame', async () => {
    for (const target of ['/docs', '/support', '/terms']) {
      const page = await openSignedIn(suite.browser, suite.product, userToken, target);
      try {
        await page.locator('.sidebar__email').waitFor();
        expect(await page.locator('.site-header').count(), target).toBe(0);
        expect(path(page)).toBe(target);
      } finally {
        await page.context().close();
      }
    }
  });
});
