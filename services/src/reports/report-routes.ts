import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AnalyticsExport, AnalyticsExportQuery, ErrorBody, IdParams, ReportQuery } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { routesFor } from '../http/declared-routes.ts';
import { fileBody } from '../http/file-body.ts';
import { CLICK_ANALYTICS, answeredOrUnavailable, publicBase } from '../links/index.ts';
import { reportPeriod } from './report-period.ts';
import { reportFigures, type ReportSubject } from './report-figures.ts';
import { renderReportPdf } from './report-pdf.ts';
import { analyticsExportCsv } from './analytics-export.ts';

/** The answer of a plan without PDF reports (docs/plans.md#feature-gate). */
export const REPORTS_NOT_IN_PLAN = 'PDF reports are available on the Pro and Enterprise plans. Upgrade your plan to download and schedule reports.';

/** Every value of a breakdown an export lists: far more than a link ever has. */
const EXPORT_ROWS = 10_000;

export async function reportRoutes(app: FastifyInstance, platform: Platform) {
  const analystsOrKey = routesFor(app, { access: 'user_or_api_key', workspace: 'analytics:read', feature: CLICK_ANALYTICS });
  const reporters = routesFor(app, { access: 'user', workspace: 'analytics:read', feature: { key: 'pdf_reports', refusal: REPORTS_NOT_IN_PLAN } });

  analystsOrKey.get('/api/urls/:id/analytics/export', {
    summary: 'A link’s analytics for a period (human clicks per day and every breakdown) as CSV or JSON',
    tags: ['analytics'],
    params: IdParams,
    querystring: AnalyticsExportQuery,
    response: {
      200: {
        description: 'The CSV file (UTF-8 with a byte-order mark), or the figures as JSON',
        content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: AnalyticsExport } },
      },
      403: ErrorBody,
      404: ErrorBody,
      503: ErrorBody,
    },
    handler: async ({ request, reply, workspace }) => {
      const { format, date_from, date_to } = request.query;
      const period = await reportPeriod(platform, workspace.id, { date_from, date_to });
      const figures = await reportFigures(platform, workspace.id, { scope: 'link', id: request.params.id }, period, {
        base: publicBase(platform, request),
        answered: (query) => answeredOrUnavailable(request, query),
        rows: EXPORT_ROWS,
      });
      const { analytics } = figures;
      const data: AnalyticsExport = {
        link_id: request.params.id,
        short_url: figures.address ?? '',
        title: figures.name,
        date_from: period.from,
        date_to: period.to,
        total_clicks: figures.clicks,
        unique_visitors: analytics.unique_visitors,
        clicks_by_date: analytics.clicks_by_date,
        referrers: analytics.top_referrers,
        countries: analytics.top_countries,
        devices: analytics.devices,
        browsers: analytics.browsers,
        operating_systems: analytics.operating_systems,
        by_rule: analytics.by_rule,
        by_variant: analytics.by_variant,
      };
      const name = `link_${request.params.id}_analytics_${period.from}_${period.to}`;
      reply.header('cache-control', 'no-store');
      if (format === 'json') return reply.header('content-disposition', `attachment; filename="${name}.json"`).send(data);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}.csv"`)
        .send(fileBody(analyticsExportCsv(data)));
    },
  });

  reporters.get('/api/reports/pdf', {
    summary: 'An analytics report of a link, a tag or the whole workspace for a period, as a PDF',
    querystring: ReportQuery,
    response: {
      200: { description: 'The report, a PDF file', content: { 'application/pdf': { schema: z.string() } } },
      404: ErrorBody,
      503: ErrorBody,
    },
    handler: async ({ request, reply, workspace }) => {
      const { scope, id, date_from, date_to } = request.query;
      const subject: ReportSubject = scope === 'workspace' ? { scope } : { scope, id: id ?? 0 };
      const period = await reportPeriod(platform, workspace.id, { date_from, date_to });
      const figures = await reportFigures(platform, workspace.id, subject, period, {
        base: publicBase(platform, request),
        answered: (query) => answeredOrUnavailable(request, query),
      });
      const pdf = await renderReportPdf(figures);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="report_${scope}_${period.from}_${period.to}.pdf"`)
        .header('cache-control', 'no-store')
        .send(fileBody(pdf));
    },
  });
}
