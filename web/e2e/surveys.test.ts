import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, newContext, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/*
 * Surveys (docs/pages.md#surveys) on the real server: a Pro member builds a survey in the
 * builder (questions added, given choices, reordered), a visitor fills its public form on a
 * phone (first with a mistake, then right), and the member reads the results' charts.
 */

const HOSTILE = '<img src=x onerror=alert(1)>';

describe('surveys in the browser', () => {
  const suite = useBrowserSuite('surveys-root@example.com');
  let serial = 0;

  async function proAccount(): Promise<string> {
    const token = await registerByApi(suite.product, `surveyor-${++serial}@example.com`);
    const { id } = await apiCall<{ id: number }>(suite.product, token, 'GET', '/api/users/me');
    await apiCall(suite.product, suite.rootToken, 'POST', `/api/admin/users/${id}/change-plan`, { plan_type: 'pro' });
    return token;
  }

  /** Fills the builder: a rating, then a choice question moved above it, then a typed one. */
  async function buildSurvey(page: Page, slug: string) {
    await page.getByRole('heading', { name: 'New survey' }).waitFor();
    await page.getByLabel('Title').fill('Coffee survey');
    await page.getByLabel('Short code').fill(slug);
    await page.getByLabel('Description (optional)').fill('Tell us how we brew.');
    const first = page.getByRole('group', { name: 'Question 1' });
    await first.getByLabel('Question', { exact: true }).fill('How was your coffee?');
    await first.getByLabel('Type').selectOption({ label: 'Rating 1–5' });
    await first.getByLabel('Required').check();
    await page.getByRole('button', { name: 'Add question' }).click();
    const second = page.getByRole('group', { name: 'Question 2' });
    await second.getByLabel('Question', { exact: true }).fill('Which drink?');
    await second.getByLabel('Type').selectOption({ label: 'Single choice' });
    await second.getByLabel('Choices').fill(`Espresso\nLatte\n${HOSTILE}`);
    await second.getByLabel('Required').check();
    await page.getByRole('button', { name: 'Move question 2 up' }).click();
    await page.getByRole('button', { name: 'Add question' }).click();
    await page.getByRole('group', { name: 'Question 3' }).getByLabel('Question', { exact: true }).fill('Anything else?');
    // The preview follows what is typed.
    const preview = page.getByLabel('Preview of the form');
    await preview.getByText('Which drink?').waitFor();
    expect(await preview.getByText(HOSTILE).count()).toBe(1);
  }

  it('builds a survey with its preview (desktop), then reads the results after a visitor answered on a phone', async () => {
    const token = await proAccount();
    const page = await openSignedIn(suite.browser, suite.product, token, '/surveys', DESKTOP);
    await page.getByRole('link', { name: 'New survey' }).click();
    await buildSurvey(page, 'coffee-desk');
    await screenshot(page, 'survey-builder');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Create survey' }).click();
    await page.getByRole('heading', { name: 'Surveys' }).waitFor();
    const row = page.getByTestId('surveys-table').getByRole('row', { name: /Coffee survey/ });
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('0');

    // A visitor on a phone: no script on the form, a mistake shown by its question, then the answers.
    const visitor = await (await newContext(suite.browser, suite.product, PHONE)).newPage();
    await visitor.goto('/coffee-desk');
    await visitor.getByRole('heading', { name: 'Coffee survey' }).waitFor();
    expect(await visitor.locator('script').count()).toBe(0);
    expect(await visitor.locator('img[src="x"]').count()).toBe(0);
    await visitor.getByRole('button', { name: 'Send answers' }).click();
    await visitor.getByText('Some answers need another look').waitFor();
    expect(await visitor.getByRole('alert').filter({ hasText: 'Please answer this question.' }).count()).toBe(2);
    await visitor
      .getByRole('group', { name: /Which drink\?/ })
      .getByLabel('Latte')
      .check();
    await visitor
      .getByRole('group', { name: /How was your coffee\?/ })
      .getByLabel('4★')
      .check();
    await visitor
      .getByRole('group', { name: /Anything else\?/ })
      .getByRole('textbox')
      .fill(HOSTILE);
    await screenshot(visitor, 'survey-public-form');
    const overflow = await visitor.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await visitor.getByRole('button', { name: 'Send answers' }).click();
    await visitor.getByRole('heading', { name: 'Thank you!' }).waitFor();
    await screenshot(visitor, 'survey-thanks');
    await visitor.context().close();

    await page.reload();
    await row.waitFor();
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('1');
    await row.getByRole('link', { name: 'Results' }).click();
    await page.getByText('1 response', { exact: true }).waitFor();
    const drinks = page.getByRole('list', { name: 'Answers to Which drink?' });
    expect(await drinks.getByRole('listitem').filter({ hasText: 'Latte' }).textContent()).toContain('1 (100%)');
    await page.getByText('Average 4.00 of 5').waitFor();
    expect(await page.getByText(HOSTILE, { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    expect((await download).suggestedFilename()).toMatch(/^survey_\d+_responses\.csv$/);
    await screenshot(page, 'survey-results');
    expect(await seriousA11yViolations(page)).toEqual([]);
    await page.context().close();
  }, 120_000);

  it('builds a survey on a phone', async () => {
    const page = await openSignedIn(suite.browser, suite.product, await proAccount(), '/surveys/new', PHONE);
    await buildSurvey(page, 'coffee-phone');
    await screenshot(page, 'survey-builder');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: 'Create survey' }).click();
    await page
      .getByTestId('surveys-table')
      .getByRole('row', { name: /Coffee survey/ })
      .waitFor();
    await page.context().close();
  }, 90_000);

  it('shows the upgrade note on a plan without surveys', async () => {
    const page = await openSignedIn(suite.browser, suite.product, await registerByApi(suite.product, 'free-surveyor@example.com'), '/surveys', DESKTOP);
    await page.getByRole('heading', { name: 'Feature Not Available' }).waitFor();
    await page.getByText('Surveys are available on the Pro and Enterprise plans.').waitFor();
    await page.context().close();
  }, 60_000);
});
