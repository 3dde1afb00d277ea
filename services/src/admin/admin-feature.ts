import { documentedAs } from '../http/feature-routes.ts';
import { adminUserRoutes } from './users-routes.ts';
import { adminPlatformRoutes } from './platform-routes.ts';
import { adminEmailRoutes } from './email-routes.ts';

/**
 * The admin panel's own routes: users (status, role, plan history) and the platform's
 * figures and health, and the installation's e-mail settings (the transports themselves are the
 * shared `mail/` layer). An admin route that acts on one feature's data lives beside that
 * feature and is registered with it (links, billing, accounts/oauth).
 */
export const adminFeature = documentedAs('admin', adminUserRoutes, adminPlatformRoutes, adminEmailRoutes);
