import { documentedAs } from '../http/feature-routes.ts';
import { linkRoutes } from './routes.ts';
import { linkStatsRoutes } from './stats-routes.ts';
import { linkExportRoutes } from './export-routes.ts';
import { linkQrRoutes } from './qr-routes.ts';
import { publicApiRoutes } from './public-api/public-api-routes.ts';
import { shortenRoutes } from './public-api/shorten-routes.ts';

/** The links feature over HTTP: the caller's links, their statistics, export and QR codes, and the public API. */
export const linksFeature = documentedAs('links', linkRoutes, linkStatsRoutes, linkExportRoutes, linkQrRoutes, publicApiRoutes, shortenRoutes);
