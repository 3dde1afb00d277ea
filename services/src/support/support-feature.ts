import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { supportRoutes } from './routes.ts';
import { adminSupportRoutes } from './admin-routes.ts';

/** Support over HTTP: the caller's tickets, and the admins' answers. */
export const supportFeature = featureRoutes(documentedAs('support', supportRoutes), documentedAs('admin', adminSupportRoutes));
