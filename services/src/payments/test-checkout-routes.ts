import type { FastifyInstance } from 'fastify';
import { ErrorBody, OrderParams, TestCheckoutBody, TestCheckoutOrder, TestCheckoutResult, defaultPlan } from '@linkledger/contracts';
import { loadStream } from '../commands/command-context.ts';
import { handleCommand } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import type { PaymentsPlatform } from './payment-setup.ts';
import { ORDER_NOT_FOUND, failureDecider } from './payment-order-deciders.ts';
import { evolveOrder, noOrder, orderStream } from './payment-order-state.ts';
import { throughGateway } from './gateway-refusal.ts';
import { routesFor } from '../http/declared-routes.ts';
import { paidForWorkspace } from '@linkledger/projections';

const NOT_TEST_MODE = 'This installation takes real payments through Razorpay; the test checkout is only there in test mode.';

/**
 * The local test checkout (docs/payments.md#test-mode): what the web app's test dialog shows
 * and its Pay and Fail buttons. It hands back exactly what Razorpay's checkout would, so
 * the page verifies through the same call.
 */
export async function testCheckoutRoutes(app: FastifyInstance, platform: PaymentsPlatform) {
  const signedIn = routesFor(app, { access: 'user', workspace: 'billing' });

  /** An order for the workspace the request acts in; another workspace's is not found. */
  const ownOrder = async (workspaceId: number, orderId: string) => {
    if (!platform.payments.testMode) throw notFound(NOT_TEST_MODE);
    const { state } = await loadStream(platform.events, orderStream(orderId), noOrder, evolveOrder);
    if (!state.order || paidForWorkspace(state.order) !== workspaceId) throw notFound(ORDER_NOT_FOUND);
    return { order: state.order, paid: state.captured !== null, testMode: platform.payments.testMode };
  };

  signedIn.get('/api/payment/test-checkout/:order_id', {
    summary: 'Test mode only: the order the local test checkout shows',
    params: OrderParams,
    response: { 200: TestCheckoutOrder, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { order, paid } = await ownOrder(workspace.id, request.params.order_id);
      return {
        order_id: order.order_id,
        amount_paise: order.amount_paise,
        currency: order.currency,
        plan_type: order.plan_type,
        billing_cycle: order.billing_cycle,
        description: `${defaultPlan(order.plan_type).display_name} plan, ${order.billing_cycle}`,
        paid,
      };
    },
  });

  signedIn.post('/api/payment/test-checkout/:order_id', {
    summary: 'Test mode only: pay or fail the order as a customer at checkout would; answers what Razorpay’s checkout hands the page',
    params: OrderParams,
    body: TestCheckoutBody,
    response: { 200: TestCheckoutResult, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { order, testMode } = await ownOrder(workspace.id, request.params.order_id);
      const result = await throughGateway(
        () => testMode.completeTestPayment(order.order_id, request.body.outcome),
        (error, message) => request.log.error({ err: error }, message),
      );
      if (result.outcome === 'failed') {
        // Razorpay reports a failed attempt by webhook; test mode records it here.
        await handleCommand(platform, commandContext(platform, request), failureDecider, {
          orderId: order.order_id,
          paymentId: result.error.metadata.payment_id,
          amountPaise: order.amount_paise,
          reason: result.error.description,
        });
      }
      return result;
    },
  });
}
