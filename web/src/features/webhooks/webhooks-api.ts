import type {
  CreateWebhookBody,
  CreatedWebhook,
  ReplayWebhookBody,
  UpdateWebhookBody,
  Webhook,
  WebhookDelivery,
  WebhookDeliveryList,
  WebhookList,
  WebhookReplayStarted,
} from '@linkledger/contracts';
import { api, apiBlob } from '../../api/client.ts';

/** A workspace's webhooks as the Webhooks screen reads and changes them (docs/web-app.md#webhooks). */

export type { Webhook, WebhookDelivery, CreatedWebhook };

const webhooksOf = (workspaceId: number, rest = '') => `/workspaces/${workspaceId}/webhooks${rest}`;
const webhook = (workspaceId: number, webhookId: number, rest = '') => webhooksOf(workspaceId, `/${webhookId}${rest}`);

export const webhooksApi = {
  list: (workspaceId: number) => api<WebhookList>(webhooksOf(workspaceId)),
  create: (workspaceId: number, body: CreateWebhookBody) => api<CreatedWebhook>(webhooksOf(workspaceId), { method: 'POST', body }),
  update: (workspaceId: number, webhookId: number, body: UpdateWebhookBody) => api<Webhook>(webhook(workspaceId, webhookId), { method: 'PATCH', body }),
  // Whatever the answer's body (a message or none at all), only its success matters here.
  remove: async (workspaceId: number, webhookId: number) => {
    await apiBlob(webhook(workspaceId, webhookId), { method: 'DELETE' });
  },
  deliveries: (workspaceId: number, webhookId: number) => api<WebhookDeliveryList>(webhook(workspaceId, webhookId, '/deliveries')),
  /** Sends a `webhook.test` event; its attempt is what the answer holds. */
  sendTest: (workspaceId: number, webhookId: number) => api<WebhookDelivery>(webhook(workspaceId, webhookId, '/test'), { method: 'POST' }),
  replay: (workspaceId: number, webhookId: number, body: ReplayWebhookBody) =>
    api<WebhookReplayStarted>(webhook(workspaceId, webhookId, '/replay'), { method: 'POST', body }),
};

/** Every workspace's webhooks; one workspace's list; one webhook's deliveries. */
const WEBHOOKS_QUERY = ['webhooks'] as const;
export const webhooksQuery = (workspaceId: number) => [...WEBHOOKS_QUERY, workspaceId] as const;
export const deliveriesQuery = (workspaceId: number, webhookId: number) => [...WEBHOOKS_QUERY, workspaceId, 'deliveries', webhookId] as const;
