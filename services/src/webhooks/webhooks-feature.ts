import { documentedAs } from '../http/feature-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

/** Webhooks over HTTP: a workspace's webhooks, their delivery log, test events and replays. */
export const webhooksFeature = documentedAs('webhooks', webhookRoutes);
