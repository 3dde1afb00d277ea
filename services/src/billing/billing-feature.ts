import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { billingRoutes } from './routes.ts';
import { adminPlanRoutes } from './admin-plan-routes.ts';
import { adminLimitsRoutes } from './admin-limits-routes.ts';

/** Billing over HTTP: the plans on offer and the caller's subscription, and the plans admins edit and assign and the limits they set for one user. */
export const billingFeature = featureRoutes(documentedAs('billing', billingRoutes), documentedAs('admin', adminPlanRoutes, adminLimitsRoutes));
