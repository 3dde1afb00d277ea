// The webhooks feature as the composition root uses it: its only public face (docs/architecture.md#dependency-rules).
export { WebhookDeliverer } from './webhook-deliverer.ts';
export { webhookNetwork } from './webhook-network.ts';
export { webhooksFeature } from './webhooks-feature.ts';
