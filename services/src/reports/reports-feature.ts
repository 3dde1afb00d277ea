import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { reportRoutes } from './report-routes.ts';
import { reportScheduleRoutes } from './report-schedule-routes.ts';

/** Reports over HTTP: a link's analytics export and PDF reports of a link, a tag or a workspace (docs/reports.md). */
export const reportsFeature = featureRoutes(documentedAs('reports', reportRoutes, reportScheduleRoutes));
