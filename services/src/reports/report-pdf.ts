import { formatIndianDate } from '../formats/day-label.ts';
import { cleanText } from '../formats/printed-text.ts';
import { renderPdf, write, type Pdf } from '../formats/pdf-document.ts';
import type { ReportFigures } from './report-figures.ts';

const MARGIN = 50;
const MUTED = '#5f6368';
const RULE = '#d0d4d9';
const BAR = '#1a73e8';
const NAME_CHARS = 120;
const ROW_HEIGHT = 15;
const COLUMN_GAP = 24;

/** Counts as India writes them: 1,23,456. */
const count = (value: number) => new Intl.NumberFormat('en-IN').format(value);
const dayLabel = (isoDay: string) => formatIndianDate(`${isoDay}T00:00:00.000Z`);

const SCOPE_LABEL = { link: 'Link', tag: 'Tag', workspace: 'Workspace' } as const;

/** A table of the report: its title and rows of a name and a number of clicks. */
interface Table {
  title: string;
  rows: { name: string; clicks: number }[];
  /** Across the page, alone: its names are addresses and titles, longer than a country's. */
  wide?: boolean;
}

/** The report's title as the PDF's metadata and the mail name it: "Analytics report: Tag launch, 01 Nov 2026 – 30 Nov 2026". */
export function reportTitle(figures: Pick<ReportFigures, 'scope' | 'name' | 'period'>): string {
  return `Analytics report: ${SCOPE_LABEL[figures.scope]} ${cleanText(figures.name, 60)}, ${dayLabel(figures.period.from)} – ${dayLabel(figures.period.to)}`;
}

/**
 * An analytics report as an A4 PDF (docs/reports.md#what-a-report-holds): totals, human clicks
 * per day as a bar chart drawn in vector graphics, and the breakdowns as tables, two side by side.
 * Every name a user or a visitor wrote (titles, tags, referrers) is cleaned and cut to one line.
 */
export function renderReportPdf(figures: ReportFigures): Promise<Buffer> {
  const info = { Title: reportTitle(figures), Author: 'Linkledger', CreationDate: new Date(figures.generatedAt) };
  return renderPdf(info, MARGIN, (pdf) => drawReport(pdf, figures));
}

function drawReport(pdf: Pdf, figures: ReportFigures): void {
  const left = MARGIN;
  const width = pdf.page.width - 2 * MARGIN;
  const { analytics } = figures;

  write(pdf, 'Analytics report', left, MARGIN, width, { bold: true, size: 20 });
  write(pdf, `${SCOPE_LABEL[figures.scope]}: ${cleanText(figures.name, NAME_CHARS)}`, left, pdf.y + 4, width, { size: 13, lines: 2 });
  if (figures.address) write(pdf, cleanText(figures.address, NAME_CHARS), left, pdf.y, width, { color: MUTED });
  write(pdf, `${dayLabel(figures.period.from)} – ${dayLabel(figures.period.to)} (UTC days), human clicks only`, left, pdf.y + 2, width, { color: MUTED });
  let y = pdf.y + 18;

  const tiles: [string, number][] = [
    ['Clicks', figures.clicks],
    ['Unique visitors', analytics.unique_visitors],
  ];
  if (figures.scope !== 'link') tiles.push(['Links', figures.linkCount]);
  const tileWidth = (width - COLUMN_GAP * (tiles.length - 1)) / tiles.length;
  tiles.forEach(([label, value], index) => {
    const x = left + index * (tileWidth + COLUMN_GAP);
    pdf.save();
    pdf.roundedRect(x, y, tileWidth, 54, 4).lineWidth(0.75).strokeColor(RULE).stroke();
    pdf.restore();
    write(pdf, label, x + 10, y + 8, tileWidth - 20, { size: 9, color: MUTED });
    write(pdf, count(value), x + 10, y + 22, tileWidth - 20, { bold: true, size: 18 });
  });
  y += 54 + 24;

  y = drawChart(pdf, analytics.clicks_by_date, left, y, width) + 24;

  const tables: Table[] = [
    { title: 'Referrers', rows: analytics.top_referrers.map((row) => ({ name: row.referrer, clicks: row.count })) },
    { title: 'Countries', rows: analytics.top_countries.map((row) => ({ name: row.country, clicks: row.count })) },
    { title: 'Devices', rows: analytics.devices.map((row) => ({ name: row.name, clicks: row.count })) },
    { title: 'Browsers', rows: analytics.browsers.map((row) => ({ name: row.name, clicks: row.count })) },
    { title: 'Operating systems', rows: analytics.operating_systems.map((row) => ({ name: row.name, clicks: row.count })) },
  ];
  if (figures.scope === 'link') {
    // Rules and variants are a smart link's own: across several links their numbers name nothing.
    if (analytics.by_rule.length > 0) {
      tables.push({
        title: 'Targeting rules',
        wide: true,
        rows: analytics.by_rule.map((row) => ({ name: `${row.rule ? `Rule ${row.rule}` : 'No rule'}: ${row.url}`, clicks: row.clicks })),
      });
    }
    if (analytics.by_variant.length > 0) {
      tables.push({
        title: 'A/B variants',
        wide: true,
        rows: analytics.by_variant.map((row) => ({ name: `${row.variant ? `Variant ${row.variant}` : 'Not split'}: ${row.url}`, clicks: row.clicks })),
      });
    }
  } else {
    tables.push({ title: 'Top links', wide: true, rows: figures.topLinks.map((row) => ({ name: row.title || row.address, clicks: row.clicks })) });
  }

  const columnWidth = (width - COLUMN_GAP) / 2;
  for (let index = 0; index < tables.length;) {
    const first = tables[index];
    const second = tables[index + 1];
    // Two narrow tables side by side; a wide one alone.
    const row = first?.wide || !second || second.wide ? [first] : [first, second];
    index += row.length;
    const placed = row.filter((table): table is Table => table !== undefined);
    const height = Math.max(...placed.map(tableHeight));
    if (y + height > pdf.page.height - MARGIN) {
      pdf.addPage();
      y = MARGIN;
    }
    placed.forEach((table, column) => drawTable(pdf, table, left + column * (columnWidth + COLUMN_GAP), y, table.wide ? width : columnWidth));
    y += height + 18;
  }
}

const tableHeight = (table: Table) => 22 + Math.max(1, table.rows.length) * ROW_HEIGHT;

function drawTable(pdf: Pdf, table: Table, x: number, y: number, width: number): void {
  const numberWidth = 70;
  write(pdf, table.title, x, y, width - numberWidth, { bold: true, size: 11 });
  write(pdf, 'Clicks', x + width - numberWidth, y + 2, numberWidth, { size: 9, color: MUTED, align: 'right' });
  pdf
    .moveTo(x, y + 17)
    .lineTo(x + width, y + 17)
    .lineWidth(0.75)
    .strokeColor(RULE)
    .stroke();
  let top = y + 22;
  if (table.rows.length === 0) write(pdf, 'No clicks in this period', x, top, width, { color: MUTED });
  for (const row of table.rows) {
    write(pdf, cleanText(row.name, NAME_CHARS), x, top, width - numberWidth - 8, {});
    write(pdf, count(row.clicks), x + width - numberWidth, top, numberWidth, { align: 'right' });
    top += ROW_HEIGHT;
  }
}

/** Clicks per day as bars under a labelled scale; returns the chart's bottom. */
function drawChart(pdf: Pdf, days: readonly { date: string; clicks: number }[], x: number, y: number, width: number): number {
  write(pdf, 'Clicks over time', x, y, width, { bold: true, size: 11 });
  const top = y + 22;
  const height = 140;
  const axisWidth = 60;
  const plotLeft = x + axisWidth;
  const plotWidth = width - axisWidth;
  const most = Math.max(1, ...days.map((each) => each.clicks));
  write(pdf, count(most), x, top - 4, axisWidth - 6, { size: 8, color: MUTED, align: 'right' });
  write(pdf, '0', x, top + height - 6, axisWidth - 6, { size: 8, color: MUTED, align: 'right' });
  pdf.save();
  pdf
    .moveTo(plotLeft, top)
    .lineTo(plotLeft + plotWidth, top)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  pdf
    .moveTo(plotLeft, top + height)
    .lineTo(plotLeft + plotWidth, top + height)
    .lineWidth(0.75)
    .strokeColor(MUTED)
    .stroke();
  const slot = plotWidth / Math.max(1, days.length);
  const barWidth = Math.max(0.5, slot * 0.7);
  days.forEach((each, index) => {
    if (each.clicks === 0) return;
    const barHeight = (each.clicks / most) * height;
    pdf
      .rect(plotLeft + index * slot + (slot - barWidth) / 2, top + height - barHeight, barWidth, barHeight)
      .fillColor(BAR)
      .fill();
  });
  pdf.restore();
  const first = days[0];
  const last = days.at(-1);
  if (first) write(pdf, dayLabel(first.date), plotLeft, top + height + 4, plotWidth / 2, { size: 8, color: MUTED });
  if (last && last !== first)
    write(pdf, dayLabel(last.date), plotLeft + plotWidth / 2, top + height + 4, plotWidth / 2, { size: 8, color: MUTED, align: 'right' });
  return top + height + 16;
}
