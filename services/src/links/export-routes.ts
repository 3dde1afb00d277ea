import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { stringify } from 'csv-stringify';
import { ExportQuery } from '@linkledger/contracts';
import { LINKS, type LinkView } from '@linkledger/projections';
import { EXPORT_NOT_IN_PLAN } from '../billing/index.ts';
import type { Platform } from '../platform/platform.ts';
import { fileBody } from '../http/file-body.ts';
import { organizationView, publicBase, shortUrl, type LabelNames } from './link-response.ts';
import { labelFilter } from './labels/label-filter.ts';
import { workspaceLabels } from './labels/workspace-labels.ts';
import { linkFilter, linkSort } from './list-query.ts';
import { inertCell } from '../formats/spreadsheet-cell.ts';
import { routesFor } from '../http/declared-routes.ts';

/** The export's columns, in this order (docs/links.md#csv-export). */
export const EXPORT_COLUMNS = ['Title', 'Original URL', 'Short URL', 'Clicks', 'Created Date', 'Status', 'Tags', 'Folder'] as const;
const PAGE = 1000;

export function exportRow(link: LinkView, base: string, labels: LabelNames): string[] {
  const { tags, folder } = organizationView(link, labels);
  return [
    inertCell(link.title),
    inertCell(link.original_url),
    shortUrl(base, link),
    String(link.total_clicks),
    link.created_at.slice(0, 10),
    link.is_active ? 'Active' : 'Inactive',
    // Names may hold commas: the cell is quoted by the CSV writer; "; " keeps them readable.
    inertCell(tags.join('; ')),
    inertCell(folder ?? ''),
  ];
}

export async function linkExportRoutes(app: FastifyInstance, platform: Platform) {
  const inPlan = routesFor(app, { access: 'user', workspace: 'links:read', feature: { key: 'csv_import_export', refusal: EXPORT_NOT_IN_PLAN } });

  inPlan.get('/api/urls/export', {
    summary: 'The caller’s links of one tab (all, manual or api) as a CSV download, with the dashboard’s search and domain filters',
    querystring: ExportQuery,
    response: {
      200: { description: 'The CSV file, UTF-8 with a byte-order mark', content: { 'text/csv': { schema: z.string() } } },
    },
    handler: async ({ request, reply, workspace }) => {
      const { tab, search, domain, tag, tag_mode, folder } = request.query;
      const labels = await workspaceLabels(platform, workspace.id);
      const where = linkFilter(workspace.id, {
        search,
        domain,
        createdVia: tab === 'all' ? undefined : tab,
        labels: labelFilter(labels, { tag, tag_mode, folder }),
      });
      const base = publicBase(platform, request);
      const page = (skip: number) => platform.read.find<LinkView>(LINKS, { where, sort: linkSort('newest'), skip, limit: PAGE });
      // The first page is read before answering: a store that fails gets a 500, not a cut-off file.
      let links = await page(0);
      const csv = stringify({ header: true, columns: [...EXPORT_COLUMNS], bom: true });
      // Then page by page into the stream: memory stays bounded however many links there are.
      const write = async () => {
        for (let skip = 0; ;) {
          for (const link of links) csv.write(exportRow(link, base, labels));
          if (links.length < PAGE) break;
          if (csv.writableNeedDrain) await new Promise((resolve) => csv.once('drain', resolve));
          skip += PAGE;
          links = await page(skip);
        }
        csv.end();
      };
      write().catch((error: unknown) => csv.destroy(error as Error));
      const day = platform.clock().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="urls_export_${day}.csv"`)
        .header('cache-control', 'no-store')
        .send(fileBody(csv));
    },
  });
}
