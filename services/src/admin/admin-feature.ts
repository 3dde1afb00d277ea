import { documentedAs } from '../http/feature-routes.ts';
import { adminUserRoutes } from './users-routes.ts';
import { adminPlatformRoutes } from './platform-routes.ts';

/**
 * The admin panel's own routes: users (status, role, plan history) and the platform's
 * figures and health. An admin route that acts on one feature's data lives beside that
 * feature and is registered with it (links, billing, accounts/oauth, mail).
 */
export const adminFeature = documentedAs('admin', adminUserRoutes, adminPlatformRoutes);
