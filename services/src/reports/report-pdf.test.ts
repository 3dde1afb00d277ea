import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AnalyticsResponse } from '@linkledger/contracts';
import { readPdf } from '../testing/pdf-text.ts';
import { renderReportPdf, reportTitle } from './report-pdf.ts';
import type { ReportFigures } from './report-figures.ts';

const ARTIFACT_DIR = fileURLToPath(new URL('../../../test-artifacts/reports/', import.meta.url));

const days = Array.from({ length: 30 }, (_, index) => ({ date: `2026-11-${String(index + 1).padStart(2, '0')}`, clicks: index === 4 ? 1_234_567 : index }));
const many = (prefix: string) => Array.from({ length: 10 }, (_, index) => ({ name: `${prefix} ${index + 1}`, count: 10 - index }));
const analytics: Omit<AnalyticsResponse, 'retention'> = {
  total_clicks: 99_999_999,
  clicks_today: 0,
  clicks_this_week: 0,
  clicks_this_month: 0,
  clicks_by_date: days,
  top_referrers: many('ref').map(({ name, count }) => ({ referrer: name, count })),
  top_countries: many('country').map(({ name, count }) => ({ country: name, count })),
  devices: many('device'),
  browsers: many('browser'),
  operating_systems: many('os'),
  unique_visitors: 123_456,
  qr_scans: 0,
  shares: [],
  imported_clicks: 0,
  by_rule: [{ rule: 1, url: 'https://in.example.com/', clicks: 7, unique_visitors: 5 }],
  by_variant: [{ variant: 2, url: 'https://b.example.com/', clicks: 3, unique_visitors: 3 }],
};
const FIGURES: ReportFigures = {
  scope: 'link',
  name: 'Launch\u202E\n<b>page</b>',
  address: 'https://sho.rt/launch',
  linkCount: 1,
  clicks: 1_235_002,
  period: { from: '2026-11-01', to: '2026-11-30' },
  generatedAt: '2026-12-01T00:00:00.000Z',
  analytics,
  topLinks: [],
};

describe('renderReportPdf', () => {
  it('writes counts in Indian grouping, names as plain cleaned text, and breaks onto a new page instead of overflowing', async () => {
    const pdf = await renderReportPdf(FIGURES);
    mkdirSync(ARTIFACT_DIR, { recursive: true });
    writeFileSync(`${ARTIFACT_DIR}link-report.pdf`, pdf);
    const { pages, allItems, info } = await readPdf(pdf);
    const items = allItems.filter((item) => item.trim() !== '');
    expect(items).toContain('Link: Launch <b>page</b>');
    expect(items[items.indexOf('Clicks') + 1]).toBe('12,35,002');
    expect(items[items.indexOf('Unique visitors') + 1]).toBe('1,23,456');
    // The chart's scale is its busiest day.
    expect(items).toContain('12,34,567');
    expect(items).toContain('Rule 1: https://in.example.com/');
    expect(items).toContain('Variant 2: https://b.example.com/');
    expect(pages).toBe(2);
    expect(info.Title).toBe(reportTitle(FIGURES));
    expect(info.Title).toBe('Analytics report: Link Launch <b>page</b>, 01 Nov 2026 – 30 Nov 2026');
  });
});
