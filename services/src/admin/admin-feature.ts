import { documentedAs } from '../http/feature-routes.ts';
import { adminUserRoutes } from './users-routes.ts';
import { adminLimitsRoutes } from './limits-routes.ts';
import { adminLinkRoutes } from './links-routes.ts';
import { adminPlatformRoutes } from './platform-routes.ts';
import { adminOAuthRoutes } from './oauth-routes.ts';
import { adminEmailRoutes } from './email-routes.ts';

/** The admin area over HTTP: users, their limits, link moderation, platform statistics and health, sign-in providers and e-mail. */
export const adminFeature = documentedAs('admin', adminUserRoutes, adminLimitsRoutes, adminLinkRoutes, adminPlatformRoutes, adminOAuthRoutes, adminEmailRoutes);
