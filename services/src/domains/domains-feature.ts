import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { domainRoutes } from './domain-routes.ts';
import { traiRoutes } from './trai-routes.ts';
import { traiApprovalRoutes } from './trai-approval-routes.ts';

/** Custom domains and TRAI headers over HTTP, with the admins' approval of TRAI headers. */
export const domainsFeature = featureRoutes(documentedAs('domains', domainRoutes, traiRoutes), documentedAs('admin', traiApprovalRoutes));
