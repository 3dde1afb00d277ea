import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { accountRoutes } from './routes.ts';
import { adminOAuthRoutes } from './oauth/admin-provider-routes.ts';

/** Accounts over HTTP: sign-up, sign-in and e-mail flows, and the sign-in providers admins configure. */
export const accountsFeature = featureRoutes(accountRoutes, documentedAs('admin', adminOAuthRoutes));
