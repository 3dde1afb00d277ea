import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorBody, WebhookAck } from '@linkledger/contracts';
import { asMultiStream, handleMultiStreamCommand, type MultiStreamDecider } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { invalid } from '../commands/domain-error.ts';
import { requestContext } from '../http/request-context.ts';
import type { PaymentsPlatform } from './payment-setup.ts';
import { plansByName } from '../billing/index.ts';
import { captureDecider, failureDecider, refundDecider } from './payment-order-deciders.ts';
import { evolveOrder, noOrder, orderStream } from './payment-order-state.ts';
import { recordingWebhook, type WebhookDelivery } from './webhook-deciders.ts';
import { throughGateway } from './gateway-refusal.ts';
import { publicRoutes } from '../http/declared-routes.ts';
import { paidForWorkspace } from '@linkledger/projections';

/** The part of Razorpay's webhook body we read; everything else is ignored. */
const Entity = <T extends z.ZodRawShape>(shape: T) => z.object({ entity: z.object(shape) });
const WebhookBody = z.object({
  event: z.string(),
  payload: z.object({
    payment: Entity({ id: z.string(), order_id: z.string().nullish(), amount: z.number().int(), error_description: z.string().nullish() }).optional(),
    order: Entity({ id: z.string() }).optional(),
    refund: Entity({ id: z.string(), payment_id: z.string(), amount: z.number().int() }).optional(),
  }),
});
type WebhookBody = z.infer<typeof WebhookBody>;

const BAD_WEBHOOK_SIGNATURE = 'The X-Razorpay-Signature header does not match this body and the webhook secret; nothing was done.';

/**
 * Razorpay's webhooks (docs/payments.md#webhooks): the signature is checked over the exact
 * bytes received, so the body is kept raw here; each event id is acted on once.
 */
export async function webhookRoutes(app: FastifyInstance, platform: PaymentsPlatform) {
  await app.register(async (scope) => {
    const anyone = publicRoutes(scope);

    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_request, body, done) => done(null, body));
    anyone.post('/api/payment/webhook', {
      summary:
        'Razorpay webhooks: payment.captured, order.paid, payment.failed, refund.processed (signed with X-Razorpay-Signature; an event id is acted on once)',
      response: { 200: WebhookAck, 400: ErrorBody, 503: ErrorBody },
      handler: async ({ request }) => {
        const raw = request.body;
        if (!Buffer.isBuffer(raw)) throw invalid('A webhook body must be JSON sent as application/json.');
        const signature = request.headers['x-razorpay-signature'];
        if (typeof signature !== 'string' || !platform.payments.gateway.verifyWebhookSignature(raw, signature)) throw invalid(BAD_WEBHOOK_SIGNATURE);
        let body: WebhookBody;
        try {
          body = WebhookBody.parse(JSON.parse(raw.toString('utf8')));
        } catch {
          throw invalid('The webhook body is not a Razorpay event this installation can read.');
        }
        const header = request.headers['x-razorpay-event-id'];
        // Razorpay always names the event; a body without one is told apart by its bytes.
        const eventId =
          typeof header === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(header) ? header : `body-${createHash('sha256').update(raw).digest('hex').slice(0, 32)}`;
        return { status: await actOn(platform, request, body, eventId) };
      },
    });
  });
}

async function actOn(platform: PaymentsPlatform, request: FastifyRequest, body: WebhookBody, eventId: string): Promise<'processed' | 'duplicate' | 'ignored'> {
  const { gateway } = platform.payments;
  const log = (error: unknown, message: string) => request.log.error({ err: error }, message);
  const context = requestContext(platform, request, { kind: 'system', id: 'razorpay-webhook' });
  const { payment, order, refund } = body.payload;

  const run = async <C, S extends Record<string, unknown>>(decider: MultiStreamDecider<C, S>, delivery: WebhookDelivery, command: C) => {
    const handled = await handleMultiStreamCommand(platform, context, recordingWebhook(decider, delivery), command);
    return handled.state.webhook ? 'duplicate' : 'processed';
  };
  const ourOrder = async (orderId: string | null | undefined) => {
    if (!orderId) return null;
    return (await loadStream(platform.events, orderStream(orderId), noOrder, evolveOrder)).state.order;
  };

  switch (body.event) {
    case 'payment.captured':
    case 'order.paid': {
      const orderId = payment?.entity.order_id ?? order?.entity.id;
      const known = await ourOrder(orderId);
      // Another system's order on the same Razorpay account: acknowledged, not ours to act on.
      if (!payment || !known) return 'ignored';
      const details = await throughGateway(() => gateway.fetchPayment(payment.entity.id), log);
      const delivery = { eventId, event: body.event, orderId: known.order_id, paymentId: details.id };
      const plans = await plansByName(platform);
      return run(captureDecider, delivery, {
        orderId: known.order_id,
        // A team's order upgrades the team, whoever paid it.
        workspaceId: paidForWorkspace(known),
        payment: details,
        via: 'webhook' as const,
        now: platform.clock(),
        plans,
      });
    }
    case 'payment.failed': {
      const known = await ourOrder(payment?.entity.order_id);
      if (!payment || !known) return 'ignored';
      const delivery = { eventId, event: body.event, orderId: known.order_id, paymentId: payment.entity.id };
      return run(asMultiStream(failureDecider), delivery, {
        orderId: known.order_id,
        paymentId: payment.entity.id,
        amountPaise: payment.entity.amount,
        reason: payment.entity.error_description ?? 'The payment was declined.',
      });
    }
    case 'refund.processed': {
      if (!refund) return 'ignored';
      const paid = await throughGateway(() => gateway.fetchPayment(refund.entity.payment_id), log);
      const known = await ourOrder(paid.orderId);
      if (!known) return 'ignored';
      const delivery = { eventId, event: body.event, orderId: known.order_id, paymentId: paid.id };
      return run(refundDecider, delivery, {
        orderId: known.order_id,
        workspaceId: paidForWorkspace(known),
        paymentId: paid.id,
        refundId: refund.entity.id,
        amountPaise: refund.entity.amount,
        now: platform.clock(),
      });
    }
    default:
      return 'ignored';
  }
}
