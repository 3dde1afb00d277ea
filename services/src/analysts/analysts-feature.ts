import { documentedAs } from '../http/feature-routes.ts';
import { analystCredentialRoutes } from './credential-routes.ts';
import { sqlConsoleRoutes } from './console-routes.ts';

/** Analysts over HTTP: their credentials and the SQL console. */
export const analystsFeature = documentedAs('admin', analystCredentialRoutes, sqlConsoleRoutes);
