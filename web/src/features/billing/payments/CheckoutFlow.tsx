import './payments.css';
import { useState } from 'react';
import { ApiError, errorText } from '../../../api/client.ts';
import { useQuery } from '../../../api/query.ts';
import { AlertIcon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toasts.ts';
import { indianDate } from '../usage.ts';
import { gstPercent, paiseLabel } from './money.ts';
import { refreshAfterPlanChange, usePaymentConfig } from './payment-queries.ts';
import { paymentsApi, type Cycle, type Intent, type PaidPlan, type PlanChoice, type Quote, type SignedResult } from './payments-api.ts';
import { openRazorpay } from './razorpay.ts';
import { useTeamBeingPaidFor } from '../../workspaces/index.ts';

/** A paid plan the signed-in user chose, and when (each choice asks the server for a fresh quote). */
export interface CheckoutRequest {
  plan: PaidPlan;
  planName: string;
  cycle: Cycle;
  requestedAt: number;
}

/** The payment toasts' texts (the product's error catalogue). */
const PAYMENT_FAILED = 'Payment Failed';
const PAYMENT_FAILED_TEXT = 'Payment processing failed. Please try again.';
export const VERIFICATION_FAILED = 'Payment Verification Failed';
const VERIFICATION_FAILED_TEXT = 'Payment verification failed. Please contact support.';

const CYCLE_WORD: Record<Cycle, string> = { monthly: 'Monthly', yearly: 'Yearly' };
const PURPOSE: Record<Quote['purpose'], string> = { new: 'New subscription', renewal: 'Renewal', upgrade: 'Plan change' };

type Stage = { kind: 'confirm'; busy: boolean } | { kind: 'test'; intent: Intent } | { kind: 'razorpay' };

/**
 * Paying for a plan: the confirmation dialog with the server's quote, then the checkout —
 * the local test checkout in test mode, Razorpay's checkout.js otherwise — then verification.
 * Mount it with `key={request.requestedAt}` so each choice starts afresh.
 */
export function CheckoutFlow({ request, onClose }: { request: CheckoutRequest; onClose(): void }) {
  const [stage, setStage] = useState<Stage>({ kind: 'confirm', busy: false });
  const choice: PlanChoice = { plan_type: request.plan, billing_cycle: request.cycle };

  const verify = async (result: SignedResult, quote: Quote, testMode: boolean) => {
    try {
      const verified = await paymentsApi.verify(result, choice);
      const receipt = testMode ? `Test-mode receipt ${verified.receipt_number}: no money was taken.` : `Receipt ${verified.receipt_number}.`;
      toast('Payment Successful', 'success', `Your ${request.planName} plan is active until ${indianDate(quote.period_end)}. ${receipt}`);
    } catch (error) {
      toast(VERIFICATION_FAILED, 'error', errorText(error, VERIFICATION_FAILED_TEXT));
    } finally {
      // Whatever the answer, the server knows best now: the badge, limits and history follow it.
      await refreshAfterPlanChange();
    }
  };

  const pay = async () => {
    setStage({ kind: 'confirm', busy: true });
    let intent: Intent;
    try {
      intent = await paymentsApi.createIntent(choice);
    } catch (error) {
      toast(PAYMENT_FAILED, 'error', errorText(error, PAYMENT_FAILED_TEXT));
      setStage({ kind: 'confirm', busy: false });
      return;
    }
    if (intent.mode === 'test') {
      setStage({ kind: 'test', intent });
      return;
    }
    // Razorpay draws its own overlay: ours must be closed first (a modal dialog would sit above it).
    setStage({ kind: 'razorpay' });
    try {
      await openRazorpay(intent, `${request.planName} plan, billed ${request.cycle}`, {
        onPaid: (result) => void verify(result, intent.quote, false).finally(onClose),
        onFailed: (failure) => toast(PAYMENT_FAILED, 'error', failure.error.description || PAYMENT_FAILED_TEXT),
        onDismiss: onClose,
      });
    } catch (error) {
      console.error('Could not open Razorpay’s checkout', error);
      toast(PAYMENT_FAILED, 'error', PAYMENT_FAILED_TEXT);
      onClose();
    }
  };

  if (stage.kind === 'test') {
    return (
      <TestCheckoutDialog
        intent={stage.intent}
        planName={request.planName}
        cycle={request.cycle}
        onClose={onClose}
        onPaid={(result) => verify(result, stage.intent.quote, true)}
      />
    );
  }
  return (
    <ConfirmPaymentDialog
      request={request}
      open={stage.kind === 'confirm'}
      busy={stage.kind === 'confirm' && stage.busy}
      onPay={() => void pay()}
      onClose={onClose}
    />
  );
}

interface ConfirmProps {
  request: CheckoutRequest;
  open: boolean;
  busy: boolean;
  onPay(): void;
  onClose(): void;
}

/** What paying now buys and costs, from GET /api/payment/quote, before any order exists. */
function ConfirmPaymentDialog({ request, open, busy, onPay, onClose }: ConfirmProps) {
  const config = usePaymentConfig();
  const quote = useQuery(['payment-quote', request.plan, request.cycle, request.requestedAt], () =>
    paymentsApi.quote({ plan_type: request.plan, billing_cycle: request.cycle }),
  );
  const data = quote.data;
  const refused = quote.error !== undefined && !quote.loading;
  const team = useTeamBeingPaidFor();

  return (
    <Modal
      title="Confirm payment"
      open={open}
      onClose={() => (busy ? undefined : onClose())}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="button button--primary" onClick={onPay} disabled={!data || busy} aria-busy={busy}>
            {busy ? <Spinner size="sm" /> : null}
            {data ? `Pay ${paiseLabel(data.amount_paise)}` : 'Pay'}
          </button>
        </>
      }
    >
      <div className="checkout" data-testid="confirm-payment">
        <p className="checkout__plan cluster cluster--between">
          <span className="checkout__plan-name">
            {request.planName} · {CYCLE_WORD[request.cycle]}
          </span>
          {data ? <span className="badge badge--info">{PURPOSE[data.purpose]}</span> : null}
        </p>
        {team ? (
          <p className="checkout__workspace" data-testid="checkout-workspace">
            For the workspace <strong>{team}</strong>: its plan changes, and the receipt is made out to you.
          </p>
        ) : null}
        {data ? (
          <>
            <dl className="checkout__lines">
              <div>
                <dt>List price</dt>
                <dd>{paiseLabel(data.list_price_paise)}</dd>
              </div>
              {data.credit_paise > 0 ? (
                <div className="checkout__credit">
                  <dt>Credit for the unused part of your current plan</dt>
                  <dd>−{paiseLabel(data.credit_paise)}</dd>
                </div>
              ) : null}
              <div className="checkout__total">
                <dt>Amount to pay</dt>
                <dd>{paiseLabel(data.amount_paise)}</dd>
              </div>
              <div>
                <dt>Period</dt>
                <dd>
                  {indianDate(data.period_start)} – {indianDate(data.period_end)}
                </dd>
              </div>
            </dl>
            <p className="checkout__explanation">{data.explanation}</p>
            <p className="checkout__note">
              Prices are in Indian rupees{config?.gst_rate_basis_points ? ` and include GST at ${gstPercent(config.gst_rate_basis_points)}` : ''}.{' '}
              {config?.mode === 'test'
                ? 'This Linkledger runs payments in test mode: the next step is a local test checkout, and no real money moves.'
                : 'You pay on Razorpay’s secure checkout, by UPI or card.'}
            </p>
          </>
        ) : refused ? (
          <div className="banner banner--error" role="alert">
            <AlertIcon />
            <div className="banner__body">
              <p>{errorText(quote.error, 'The price could not be worked out just now. Please try again.')}</p>
              {/* A refusal (4xx, e.g. a move down while a higher plan runs) says what to do instead; asking again would not change it. */}
              {quote.error instanceof ApiError && quote.error.status < 500 ? null : (
                <button type="button" className="button button--secondary button--sm checkout__retry" onClick={() => void quote.refetch()}>
                  Try again
                </button>
              )}
            </div>
          </div>
        ) : (
          <p className="cluster cluster--center cluster--nowrap checkout__loading" role="status">
            <Spinner size="sm" /> Working out the price…
          </p>
        )}
      </div>
    </Modal>
  );
}

interface TestCheckoutProps {
  intent: Intent;
  planName: string;
  cycle: Cycle;
  onPaid(result: SignedResult): Promise<void>;
  onClose(): void;
}

/**
 * The local stand-in for Razorpay's checkout (test mode): Pay and Fail complete the order
 * through the server as a gateway would, with the same signed values; Cancel just closes.
 */
function TestCheckoutDialog({ intent, planName, cycle, onPaid, onClose }: TestCheckoutProps) {
  const orderId = intent.order.order_id;
  const order = useQuery(['test-checkout', orderId], () => paymentsApi.testOrder(orderId)).data;
  const [busy, setBusy] = useState<'pay' | 'fail' | null>(null);
  const amount = paiseLabel(order?.amount_paise ?? intent.order.amount);

  const complete = async (outcome: 'pay' | 'fail') => {
    setBusy(outcome);
    try {
      const result = await paymentsApi.testComplete(orderId, outcome);
      if (result.outcome === 'paid') await onPaid(result);
      else toast(PAYMENT_FAILED, 'error', result.error.description || PAYMENT_FAILED_TEXT);
    } catch (error) {
      toast(PAYMENT_FAILED, 'error', errorText(error, PAYMENT_FAILED_TEXT));
    } finally {
      onClose();
    }
  };

  return (
    <Modal
      title="Test checkout"
      open
      onClose={() => (busy ? undefined : onClose())}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={onClose} disabled={busy !== null}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--danger"
            onClick={() => void complete('fail')}
            disabled={busy !== null || order?.paid === true}
            aria-busy={busy === 'fail'}
          >
            {busy === 'fail' ? <Spinner size="sm" /> : null}
            Fail
          </button>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void complete('pay')}
            disabled={busy !== null || order?.paid === true}
            aria-busy={busy === 'pay'}
          >
            {busy === 'pay' ? <Spinner size="sm" /> : null}
            Pay
          </button>
        </>
      }
    >
      <div className="checkout" data-testid="test-checkout">
        <p className="banner banner--warning checkout__test-banner">
          <AlertIcon />
          <span className="banner__body">
            <strong>Test mode — no real money moves.</strong> This checkout stands in for the payment gateway on this Linkledger.
          </span>
        </p>
        <dl className="checkout__lines">
          <div>
            <dt>Merchant</dt>
            <dd>Linkledger</dd>
          </div>
          <div>
            <dt>Plan</dt>
            <dd>
              {planName} · {CYCLE_WORD[cycle]}
            </dd>
          </div>
          {order?.description ? (
            <div>
              <dt>For</dt>
              <dd>{order.description}</dd>
            </div>
          ) : null}
          <div className="checkout__total">
            <dt>Amount</dt>
            <dd>{amount}</dd>
          </div>
          <div>
            <dt>Order</dt>
            <dd className="checkout__order">{orderId}</dd>
          </div>
        </dl>
        {order?.paid ? (
          <p className="banner banner--info" role="status">
            <AlertIcon />
            <span className="banner__body">This order is already paid.</span>
          </p>
        ) : (
          <p className="checkout__note">
            Pay completes the payment with a test card; Fail makes this attempt fail, as a declined payment would. Cancel closes the checkout.
          </p>
        )}
      </div>
    </Modal>
  );
}
