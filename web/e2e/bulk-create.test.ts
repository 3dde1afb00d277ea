import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, apiCall, openSignedIn, registerByApi, screenshot, seriousA11yViolations } from './harness.ts';
import { useBrowserSuite } from './browser-suite.ts';

/**
 * Bulk create from a CSV file (docs/links.md#bulk-create): the columns guessed from the headers,
 * a preview naming the rows that will fail, the server's per-row answer and a result file
 * in which hostile cells stay inert text.
 */
describe('Bulk create in the dashboard', () => {
  const suite = useBrowserSuite();

  const HOSTILE_TITLE = '=HYPERLINK("http://evil.example","<img src=x onerror=alert(1)>")';
  const csvFor = (size: string) =>
    [
      'Long URL;Name;Slug;Campaign;Notes',
      `https://example.com/${size}/spring;Spring sale;spring-${size};spring;"first line`,
      'second line"',
      `https://example.com/${size}/hostile;"${HOSTILE_TITLE.replace(/"/g, '""')}";;;`,
      'javascript:alert(1);Bad destination;;;',
      `https://example.com/${size}/taken;Taken code;taken-${size};;`,
      `https://example.com/${size}/twice;Used twice;spring-${size};;`,
      `https://example.com/${size}/plain;;;autumn;`,
    ].join('\n');

  for (const [size, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`maps the file’s columns, previews the failing rows, creates the rest and downloads an inert result file (${size})`, async () => {
      const token = await registerByApi(suite.product, `bulk-${size}@example.com`);
      // A code someone already holds: only the server can tell, in the result.
      await apiCall(suite.product, token, 'POST', '/api/urls', { original_url: 'https://example.com/holder', short_code: `taken-${size}` });
      const page = await openSignedIn(suite.browser, suite.product, token, '/dashboard', viewport);
      await page.getByRole('button', { name: 'Bulk create' }).click();
      const dialog = page.getByRole('dialog', { name: 'Bulk create' });
      await dialog.getByLabel('CSV file').setInputFiles({ name: 'links.csv', mimeType: 'text/csv', buffer: Buffer.from(csvFor(size)) });

      // Columns: guessed from the headers, changeable.
      const mapping = dialog.getByTestId('bulk-mapping');
      await mapping.waitFor();
      expect(await dialog.getByLabel('Destination URL *').inputValue()).toBe('0');
      expect(await dialog.getByLabel('Custom short code').inputValue()).toBe('2');
      expect(await dialog.getByLabel('UTM campaign').inputValue()).toBe('3');
      expect(await dialog.getByLabel('Description').inputValue()).toBe('4');
      await dialog.getByLabel('Title').selectOption({ label: 'Name' });
      await screenshot(page, 'bulk-create-mapping');

      // Preview: the rows that will fail say why; they are not sent.
      await dialog.getByRole('button', { name: 'Preview 6 rows' }).click();
      const preview = dialog.getByTestId('bulk-preview');
      await preview.waitFor();
      expect(await dialog.getByTestId('bulk-preview-summary').textContent()).toContain('4 rows are ready to create. 2 rows will fail');
      const failing = await dialog.getByTestId('bulk-preview-failing').getByRole('listitem').allTextContents();
      expect(failing).toEqual([
        expect.stringMatching(/^Row 4: Destination URL/),
        `Row 6: The short code "spring-${size}" is already used by row 2 of this file.`,
      ]);
      expect(await preview.textContent()).toContain('Will fail: Destination URL');
      // The hostile title is shown as the text it is.
      expect(await preview.getByText(HOSTILE_TITLE).count()).toBe(1);
      expect(await page.locator('img[src="x"]').count()).toBe(0);
      expect(await seriousA11yViolations(page)).toEqual([]);
      await screenshot(page, 'bulk-create-preview');

      await dialog.getByRole('button', { name: 'Create 4 links' }).click();
      const summary = dialog.getByTestId('bulk-result-summary');
      await summary.waitFor();
      expect(await summary.textContent()).toContain('Created 3 links; 3 rows failed');
      const result = dialog.getByTestId('bulk-result');
      expect(await result.textContent()).toMatch(/already taken|taken/i);
      expect(await result.textContent()).toContain(`/spring-${size}`);
      await screenshot(page, 'bulk-create-result');

      const download = page.waitForEvent('download');
      await dialog.getByRole('button', { name: 'Download result' }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe('bulk_create_result.csv');
      const csv = (await (await file.createReadStream()).toArray()).join('');
      const lines = csv.replace(/^\uFEFF/, '').split('\n');
      expect(lines[0]).toBe('Row,Status,Short URL,Destination,Error');
      expect(lines[1]).toMatch(new RegExp(`^2,Created,http://[^,]+/spring-${size},https://example.com/${size}/spring,$`));
      // The hostile row came back as a created link; nothing in the file starts a formula.
      expect(csv).not.toMatch(/(^|,)"?[=+\-@]/m);

      await dialog.getByRole('button', { name: 'Done' }).click();
      const links = await apiCall<{ title: string; utm_campaign?: string | null; short_code: string }[]>(suite.product, token, 'GET', '/api/urls?limit=20');
      expect(links.map((link) => link.title).sort()).toEqual(['', '', 'Spring sale', HOSTILE_TITLE].sort());
      expect(links.find((link) => link.short_code === `spring-${size}`)?.utm_campaign).toBe('spring');
      await page.context().close();
    }, 120_000);
  }
});
