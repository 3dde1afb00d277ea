import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { paymentRoutes } from './routes.ts';
import { adminPaymentRoutes } from './admin-routes.ts';

/** Payments over HTTP: checkout, receipts, history, payment methods and cancelling, and a user's payments as admins see them. */
export const paymentsFeature = featureRoutes(documentedAs('payments', paymentRoutes), documentedAs('admin', adminPaymentRoutes));
