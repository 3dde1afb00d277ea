import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  BillingHistoryResponse,
  CancelSubscriptionBody,
  CancelSubscriptionResponse,
  CreateIntentResponse,
  ErrorBody,
  IdempotencyKeyHeaders,
  PaymentConfigResponse,
  PaymentMethodParams,
  PaymentMethodsResponse,
  PaymentQuote,
  PlanChoice,
  ReceiptParams,
  VerifyPaymentBody,
  VerifyPaymentResponse,
} from '@linkledger/contracts';
import { PAYMENTS, PAYMENT_METHODS, USERS, paidForWorkspace, type PaymentMethodsView, type PaymentView, type UserView } from '@linkledger/projections';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { loadStream } from '../commands/command-context.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import { isAdmin, type WorkspaceContext } from '../http/access.ts';
import { commandContext } from '../http/command-context.ts';
import { idempotencyOf } from '../http/idempotency.ts';
import { answeredFromTheWrite } from '../http/still-processing.ts';
import type { Platform } from '../platform/platform.ts';
import type { PaymentsPlatform } from './payment-setup.ts';
import { planNamed, plansByName, evolveSubscription, noSubscription } from '../billing/index.ts';
import { ORDER_NOT_FOUND, captureDecider, createOrderDecider } from './payment-order-deciders.ts';
import { cancelDecider } from './subscription-deciders.ts';
import { methodChoiceDecider } from './payment-method-deciders.ts';
import { evolveOrder, noOrder, orderStream } from './payment-order-state.ts';
import { quoteBody, quoteFor } from './quote-for.ts';
import { throughGateway } from './gateway-refusal.ts';
import { historyItem, methodItems } from './payment-views.ts';
import { instrumentId } from './payment-instrument.ts';
import { receiptFileName, receiptPdf } from './receipts.ts';
import { dayLabel } from '../formats/day-label.ts';
import { fileBody } from '../http/file-body.ts';
import { testCheckoutRoutes } from './test-checkout-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';

/** Paying for a workspace, and what it paid, is for its owners and billing members (docs/payments.md#whose-plan-a-payment-buys). */
const billers = { access: 'user', workspace: 'billing' } as const;
const HISTORY_LIMIT = 200;

const cancelledMessage = (planName: string, endsAt: string) =>
  `Your subscription has been cancelled successfully. Your ${planName} plan stays active until ${dayLabel(endsAt)}, then you move to the Free plan.`;

/** Paying for plans, the payments made and the subscription they buy (docs/payments.md). */
export async function paymentRoutes(app: FastifyInstance, platform: PaymentsPlatform) {
  const anyone = publicRoutes(app);
  const signedIn = routesFor(app, billers);

  const logOf = (request: FastifyRequest) => (error: unknown, message: string) => request.log.error({ err: error }, message);

  anyone.get('/api/payment/config', {
    summary: 'How this installation takes payments: Razorpay or the local test mode, and its public key',
    response: { 200: PaymentConfigResponse },
    handler: async () => ({
      mode: platform.payments.gateway.mode,
      key_id: platform.config.RAZORPAY_KEY_ID ?? 'test_mode_local',
      gst_rate_basis_points: platform.payments.gstRateBasisPoints,
    }),
  });

  signedIn.get('/api/payment/quote', {
    summary: 'What paying for a plan now would buy and cost: a new period, a renewal after the current one, or a prorated upgrade',
    querystring: PlanChoice,
    response: { 200: PaymentQuote, 409: ErrorBody },
    handler: async ({ request, workspace }) => quoteBody(await quoteFor(platform, workspace.id, request.query.plan_type, request.query.billing_cycle)),
  });

  signedIn.post('/api/payment/create-intent', {
    summary: 'Create the gateway order for a plan (amount in paise from the catalogue, INR) and say which checkout opens it',
    headers: IdempotencyKeyHeaders,
    body: PlanChoice,
    response: { 200: CreateIntentResponse, 409: ErrorBody, 503: ErrorBody },
    handler: async ({ request, caller, workspace }) => {
      // The answer is the gateway's order, not a read back: a slow projector does not turn it into a 202.
      const context = answeredFromTheWrite(commandContext(platform, request));
      const prefill = async () => {
        const account = await platform.read.get<UserView>(USERS, caller.userId);
        return { email: account?.email ?? '', name: account?.full_name ?? '' };
      };
      const idempotency = await idempotencyOf(platform, request, caller.userId, context.now);
      // The first answer, kept with the order without the personal prefill, which is read again.
      if (idempotency.kind === 'replay') return { ...(idempotency.claimed.answer as Omit<CreateIntentResponse, 'prefill'>), prefill: await prefill() };
      const { plan_type, billing_cycle } = request.body;
      const quote = await quoteFor(platform, workspace.id, plan_type, billing_cycle);
      const { gateway } = platform.payments;
      const created = await throughGateway(
        () =>
          gateway.createOrder({
            amountPaise: quote.amountPaise,
            currency: 'INR',
            receipt: `user-${caller.userId}-${platform.clock().getTime().toString(36)}`,
            notes: { user_id: String(caller.userId), workspace_id: String(workspace.id), plan_type, billing_cycle, purpose: quote.purpose },
          }),
        logOf(request),
      );
      const answer = {
        success: true as const,
        order: { key_id: created.keyId, amount: created.amountPaise, currency: created.currency, order_id: created.orderId },
        mode: gateway.mode,
        quote: quoteBody(quote),
      };
      const claimed = idempotency.kind === 'claim' ? { ...context, claim: idempotency.claimFor('payment_order', created.orderId, answer) } : context;
      await handleCommand(platform, claimed, createOrderDecider, {
        order: {
          order_id: created.orderId,
          user_id: caller.userId,
          workspace_id: workspace.id,
          plan_type,
          billing_cycle,
          purpose: quote.purpose,
          list_price_paise: quote.listPricePaise,
          credit_paise: quote.creditPaise,
          amount_paise: created.amountPaise,
          currency: 'INR',
          gateway: gateway.mode,
        },
      });
      return { ...answer, prefill: await prefill() };
    },
  });

  signedIn.post('/api/payment/verify', {
    summary: 'Check checkout’s signed result and the captured payment, then start the plan; verifying the same payment again changes nothing',
    body: VerifyPaymentBody,
    response: { 200: VerifyPaymentResponse, 404: ErrorBody, 409: ErrorBody, 503: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { payment_id, order_id, signature, plan_type, billing_cycle } = request.body;
      const { gateway } = platform.payments;
      if (!gateway.verifyPaymentSignature({ orderId: order_id, paymentId: payment_id, signature })) {
        throw invalid(
          `The payment signature does not match, so nothing was changed. If money left your account, contact support with payment id ${payment_id}.`,
        );
      }
      const { state } = await loadStream(platform.events, orderStream(order_id), noOrder, evolveOrder);
      if (!state.order || paidForWorkspace(state.order) !== workspace.id) throw notFound(ORDER_NOT_FOUND);
      if (state.order.plan_type !== plan_type || state.order.billing_cycle !== billing_cycle) {
        throw invalid(`This order is for the ${state.order.plan_type} plan, ${state.order.billing_cycle}; it was not changed.`);
      }
      const payment = await throughGateway(() => gateway.fetchPayment(payment_id), logOf(request));
      await handleMultiStreamCommand(platform, commandContext(platform, request), captureDecider, {
        orderId: order_id,
        workspaceId: workspace.id,
        payment,
        via: 'checkout',
        now: platform.clock(),
        plans: await plansByName(platform),
      });
      // Read back rather than taken from this decision: a second verify answers as the first did.
      const [{ state: order }, { state: subscription }] = await Promise.all([
        loadStream(platform.events, orderStream(order_id), noOrder, evolveOrder),
        loadStream(platform.events, `subscription-${workspace.id}`, noSubscription, evolveSubscription),
      ]);
      // Quoted again at capture (docs/payments.md#re-quoted-at-capture): what it bought, or why nothing.
      const requoted = order.requoted;
      if (requoted?.outcome === 'not_applied') {
        throw conflict(`Your payment ${payment_id} was received, but your plan was not changed. ${requoted.reason} Please contact support for a refund.`);
      }
      const plan = await planNamed(platform, subscription.planType);
      const until = subscription.periodEnd ? ` until ${dayLabel(subscription.periodEnd)}` : '';
      return {
        success: true as const,
        message: `Payment verified successfully. Your ${plan.display_name} plan is active${until}.${requoted ? ` ${requoted.reason}` : ''}`,
        receipt_number: order.captured!.receipt_number,
      };
    },
  });

  signedIn.get('/api/payment/billing-history', {
    summary: 'The workspace’s payments and failed attempts, newest first, with receipts',
    response: { 200: BillingHistoryResponse },
    handler: async ({ workspace }) => ({ billing_history: await billingHistory(platform, workspace.id) }),
  });

  signedIn.get('/api/payment/methods', {
    summary: 'The payment methods the workspace was paid with (masked), default first',
    response: { 200: PaymentMethodsResponse },
    handler: async ({ workspace }) => ({ payment_methods: methodItems(await platform.read.get<PaymentMethodsView>(PAYMENT_METHODS, workspace.id)) }),
  });

  const chooseMethod = async (request: FastifyRequest<{ Params: { method_id: string } }>, workspace: WorkspaceContext, action: 'default' | 'remove') => {
    const view = await platform.read.get<PaymentMethodsView>(PAYMENT_METHODS, workspace.id);
    const method = view?.methods.find((candidate) => instrumentId(candidate.instrument) === request.params.method_id);
    if (!method) throw notFound('There is no such payment method on this workspace.');
    await handleCommand(platform, commandContext(platform, request), methodChoiceDecider, { userId: workspace.id, methodId: method.id, action });
  };
  const methodRoute = (summary: string) => ({ summary, params: PaymentMethodParams, response: { 204: z.null(), 400: ErrorBody, 404: ErrorBody } }) as const;

  signedIn.post('/api/payment/methods/:method_id/default', {
    ...methodRoute('Make a payment method the default one'),
    handler: async ({ request, reply, workspace }) => {
      await chooseMethod(request, workspace, 'default');
      return reply.code(204).send(null);
    },
  });

  signedIn.delete('/api/payment/methods/:method_id', {
    ...methodRoute('Remove a payment method from the list (paying with it again brings it back)'),
    handler: async ({ request, reply, workspace }) => {
      await chooseMethod(request, workspace, 'remove');
      return reply.code(204).send(null);
    },
  });

  signedIn.post('/api/payment/subscription/cancel', {
    summary: 'Cancel the workspace’s paid subscription: the plan stays until the period end, then the workspace is on Free',
    body: CancelSubscriptionBody,
    response: { 200: CancelSubscriptionResponse, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { state } = await handleCommand(platform, commandContext(platform, request), cancelDecider, {
        userId: workspace.id,
        subscriptionId: request.body.subscription_id,
        now: platform.clock(),
      });
      const plan = await planNamed(platform, state.planType);
      return { success: true as const, message: cancelledMessage(plan.display_name, state.periodEnd!), ends_at: state.periodEnd! };
    },
  });

  signedIn.get('/api/payment/receipts/:receipt_number', {
    summary: 'A payment’s receipt as a PDF (of a payment for the workspace, or any for an admin)',
    params: ReceiptParams,
    response: { 200: { description: 'The receipt as a PDF', content: { 'application/pdf': { schema: z.string() } } }, 404: ErrorBody },
    handler: async ({ request, reply, caller, workspace }) => {
      const [payment] = await platform.read.find<PaymentView>(PAYMENTS, { where: { receipt_number: request.params.receipt_number }, limit: 1 });
      const missing = notFound(`There is no receipt ${request.params.receipt_number} on this workspace.`);
      // Another workspace's receipt is answered as a missing one: numbers are sequential and easy to guess.
      if (!payment || (paidForWorkspace(payment) !== workspace.id && !isAdmin(caller.role))) throw missing;
      // The payer's name and address are the receipt's buyer.
      const buyer = await platform.read.get<UserView>(USERS, payment.user_id);
      if (!buyer) throw missing;
      const pdf = await receiptPdf(payment, buyer, platform.payments);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${receiptFileName(request.params.receipt_number)}"`)
        .header('cache-control', 'private, no-store')
        .send(fileBody(pdf));
    },
  });

  await testCheckoutRoutes(app, platform);
  await webhookRoutes(app, platform);
}

/** A workspace's payments and failed attempts as billing history shows them (orders never attempted are left out). */
export async function billingHistory(platform: Pick<Platform, 'read'>, workspaceId: number) {
  const payments = await platform.read.find<PaymentView>(PAYMENTS, {
    where: {
      // Documents projected before payments named their workspace were for the payer's personal one.
      or: [{ workspace_id: workspaceId }, { workspace_id: null, user_id: workspaceId }],
      status: { in: ['captured', 'failed', 'refunded'] },
    },
    sort: [{ field: 'created_at', direction: 'desc' }],
    limit: HISTORY_LIMIT,
  });
  return payments.map(historyItem);
}
