import type { DomainEvent } from '@linkledger/contracts';
import type { MultiStreamDecider } from '../commands/command-handler.ts';

export interface WebhookDelivery {
  eventId: string;
  event: string;
  orderId: string | null;
  paymentId: string | null;
}

/**
 * A decider that also records the webhook delivery it acts on, in the same append: a
 * redelivery of the same event id finds it recorded and decides nothing at all, and a
 * delivery whose handling failed was not recorded, so the gateway's retry is acted on.
 */
export function recordingWebhook<Command, States extends Record<string, unknown>>(
  decider: MultiStreamDecider<Command, States>,
  delivery: WebhookDelivery,
): MultiStreamDecider<Command, States & { webhook: boolean }> {
  return {
    streamsOf: (command) =>
      ({
        ...decider.streamsOf(command),
        webhook: { stream: `payment-webhook-${delivery.eventId}`, initialState: false, evolve: () => true },
      }) as ReturnType<MultiStreamDecider<Command, States & { webhook: boolean }>['streamsOf']>,
    decide: (command, states) => {
      if (states.webhook) return {};
      const decided = decider.decide(command, states);
      return {
        ...decided,
        webhook: [
          {
            type: 'PaymentWebhookReceived',
            data: { event_id: delivery.eventId, event: delivery.event, order_id: delivery.orderId, payment_id: delivery.paymentId },
          },
        ],
      } as { [K in keyof (States & { webhook: boolean })]?: DomainEvent[] };
    },
  };
}
