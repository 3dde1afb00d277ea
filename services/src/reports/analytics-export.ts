import { stringify } from 'csv-stringify/sync';
import type { AnalyticsExport } from '@linkledger/contracts';
import { inertCell } from '../formats/spreadsheet-cell.ts';

/** The CSV export's columns (docs/reports.md#export): one row per figure, grouped by section. */
export const EXPORT_CSV_COLUMNS = ['Section', 'Name', 'Clicks', 'Unique visitors'] as const;

/**
 * A link's analytics export as one table a spreadsheet opens: totals, then clicks per day, then
 * each breakdown. Names come from visitors (referrers) and owners (destinations): every one is
 * made inert, so none runs as a formula.
 */
export function analyticsExportCsv(data: AnalyticsExport): string {
  const rows: (string | number)[][] = [
    ['Total', 'Clicks', data.total_clicks, ''],
    ['Total', 'Unique visitors', '', data.unique_visitors],
    ...data.clicks_by_date.map((row) => ['Clicks by day', row.date, row.clicks, '']),
    ...data.referrers.map((row) => ['Referrer', row.referrer, row.count, '']),
    ...data.countries.map((row) => ['Country', row.country, row.count, '']),
    ...data.devices.map((row) => ['Device', row.name, row.count, '']),
    ...data.browsers.map((row) => ['Browser', row.name, row.count, '']),
    ...data.operating_systems.map((row) => ['Operating system', row.name, row.count, '']),
    ...data.by_rule.map((row) => [`Rule ${row.rule || 'none'}`, row.url, row.clicks, row.unique_visitors]),
    ...data.by_variant.map((row) => [`Variant ${row.variant || 'none'}`, row.url, row.clicks, row.unique_visitors]),
  ];
  return stringify(
    rows.map((row) => row.map((cell) => (typeof cell === 'string' ? inertCell(cell) : String(cell)))),
    { header: true, columns: [...EXPORT_CSV_COLUMNS], bom: true },
  );
}
