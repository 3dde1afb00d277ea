import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { linkRoutes } from './routes.ts';
import { linkStatsRoutes } from './stats-routes.ts';
import { linkExportRoutes } from './export-routes.ts';
import { linkQrRoutes } from './qr-routes.ts';
import { qrLogoRoutes } from './qr/qr-logo-routes.ts';
import { publicApiRoutes } from './public-api/public-api-routes.ts';
import { shortenRoutes } from './public-api/shorten-routes.ts';
import { adminLinkRoutes } from './admin-link-routes.ts';
import { previewCardRoutes } from './preview-card-route.ts';
import { bulkCreateRoutes } from './bulk-create.ts';
import { labelRoutes } from './labels/label-routes.ts';
import { campaignAnalyticsRoutes } from './campaign-routes.ts';
import { enterpriseAnalyticsRoutes } from './enterprise-analytics-routes.ts';
import { utmTemplateRoutes } from './utm-template-routes.ts';

/** The links feature over HTTP: the caller's links, their statistics, export and QR codes, the public API, and admins' moderation of any link. */
export const linksFeature = featureRoutes(
  documentedAs(
    'links',
    linkRoutes,
    linkStatsRoutes,
    linkExportRoutes,
    linkQrRoutes,
    qrLogoRoutes,
    publicApiRoutes,
    shortenRoutes,
    previewCardRoutes,
    bulkCreateRoutes,
    labelRoutes,
    utmTemplateRoutes,
  ),
  documentedAs('analytics', campaignAnalyticsRoutes, enterpriseAnalyticsRoutes),
  documentedAs('admin', adminLinkRoutes),
);
