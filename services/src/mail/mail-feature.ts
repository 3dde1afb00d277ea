import { documentedAs } from '../http/feature-routes.ts';
import { adminEmailRoutes } from './admin-email-routes.ts';

/** Mail over HTTP: the e-mail settings and statistics admins read and set. */
export const mailFeature = documentedAs('admin', adminEmailRoutes);
