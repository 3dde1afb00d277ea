import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { startTestApp, signUp, type TestApp, post } from '../testing/test-app.ts';
import { hmacSha256Hex } from './signatures.ts';
import { startRazorpayApiServer, type RazorpayApiServer } from './testing/razorpay-api-server.ts';
import { TEST_MODE_MAIL_NOTICE } from './billing-mail.ts';
import { readPdf } from '../testing/pdf-text.ts';
import { intent, signedWebhook, testCheckout, verify, webhookFor } from './testing/checkout-calls.ts';
import { outbox } from '../testing/outbox.ts';

type Headers = Record<string, string>;
const DAY = 86_400_000;

/** A clock the test moves by hand. */
function manualClock(start: string) {
  let now = new Date(start);
  return { clock: () => now, advance: (ms: number) => (now = new Date(now.getTime() + ms)), set: (at: string) => (now = new Date(at)) };
}

async function buy(app: FastifyInstance, headers: Headers, plan_type = 'pro', billing_cycle = 'monthly') {
  const created = await intent(app, headers, plan_type, billing_cycle);
  expect(created.statusCode, created.body).toBe(200);
  const paid = await testCheckout(app, headers, created.json().order.order_id);
  const verified = await verify(app, headers, paid, plan_type, billing_cycle);
  expect(verified.statusCode, verified.body).toBe(200);
  return { order: created.json(), paid, verified: verified.json() };
}

const current = async (app: FastifyInstance, headers: Headers) => (await app.inject({ method: 'GET', url: '/api/subscription/current', headers })).json();

async function eventsOfType(t: TestApp, type: string) {
  return t.platform.events.readAll({ limit: 1000, filter: { types: [type as never] } });
}

/** The gateway telling of a refund of ₹999.00 on a payment. */
function refundProcessed(t: TestApp, refundId: string, paymentId: string, eventId: string) {
  return signedWebhook(t, { event: 'refund.processed', payload: { refund: { entity: { id: refundId, payment_id: paymentId, amount: 99_900 } } } }, eventId);
}

describe('paying for a plan in test mode', () => {
  let time = manualClock('2026-11-23T10:00:00Z');
  let t: TestApp;
  beforeEach(() => {
    time = manualClock('2026-11-23T10:00:00Z');
  });
  afterEach(async () => t?.close());

  it('free → create-intent → test checkout → verify: Pro at once, its period a month ahead, limits raised, one receipt e-mailed', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'buyer@example.com');
    expect((await current(t.app, headers)).plan_type).toBe('free');

    const created = await intent(t.app, headers, 'pro', 'monthly');
    expect(created.json()).toMatchObject({ success: true, mode: 'test', order: { key_id: 'test_mode_local', amount: 99_900, currency: 'INR' } });
    expect(Number.isInteger(created.json().order.amount)).toBe(true);
    const paid = await testCheckout(t.app, headers, created.json().order.order_id);
    expect(Object.keys(paid).sort()).toEqual(['outcome', 'razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
    const verified = await verify(t.app, headers, paid);
    expect(verified.json()).toEqual({
      success: true,
      message: 'Payment verified successfully. Your Pro plan is active until 23 Dec 2026.',
      receipt_number: 'LL-000001',
    });

    const subscription = await current(t.app, headers);
    expect(subscription).toMatchObject({
      plan_type: 'pro',
      status: 'active',
      current_period_start: '2026-11-23T10:00:00.000Z',
      current_period_end: '2026-12-23T10:00:00.000Z',
    });
    expect(subscription.limits).toEqual({ monthly_links: 1000, api_calls_per_minute: 1000, custom_domains: 2, seats: 5 });

    await t.platform.billingScheduler!.tick();
    // Test mode took no money: the mail, its PDF, the downloaded PDF and the history all say so.
    const receipts = outbox(t.dataDir).filter((mail) => mail.subject === 'Your Linkledger test-mode receipt LL-000001 (no money taken)');
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.to).toBe('buyer@example.com');
    expect(receipts[0]!.text).toContain('₹999.00');
    expect(receipts[0]!.text).toContain(TEST_MODE_MAIL_NOTICE);
    const attachment = receipts[0]!.attachments![0]!;
    expect(attachment).toMatchObject({ filename: 'LL-000001.pdf', contentType: 'application/pdf' });
    expect((await readPdf(readFileSync(attachment.file))).text).toContain('TEST-MODE RECEIPT: no money was taken.');
    const [item] = (await t.app.inject({ method: 'GET', url: '/api/payment/billing-history', headers })).json().billing_history;
    expect(item).toMatchObject({ receipt: 'LL-000001', test_mode: true });
    const downloaded = await t.app.inject({ method: 'GET', url: item.receipt_url, headers });
    expect((await readPdf(downloaded.rawPayload)).text).toContain('TEST-MODE RECEIPT: no money was taken.');
    await t.platform.billingScheduler!.tick();
    expect(outbox(t.dataDir).filter((mail) => mail.subject.includes('receipt LL-000001'))).toHaveLength(1);
  });

  it('a yearly plan runs a year', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'yearly@example.com');
    const { order } = await buy(t.app, headers, 'enterprise', 'yearly');
    expect(order.order.amount).toBe(4_999_000);
    expect(await current(t.app, headers)).toMatchObject({ plan_type: 'enterprise', billing_cycle: 'yearly', current_period_end: '2027-11-23T10:00:00.000Z' });
  });

  it('a forged signature is refused with 400 and changes nothing', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'forger@example.com');
    const created = await intent(t.app, headers, 'pro', 'monthly');
    const paid = await testCheckout(t.app, headers, created.json().order.order_id);
    const before = await t.platform.events.headPosition();
    const forged = await verify(t.app, headers, {
      ...paid,
      razorpay_signature: hmacSha256Hex('not-the-installation-secret', `${paid.razorpay_order_id}|${paid.razorpay_payment_id}`),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toMatch(/^The payment signature does not match, so nothing was changed\./);
    expect(await t.platform.events.headPosition()).toBe(before);
    expect((await current(t.app, headers)).plan_type).toBe('free');
    // Someone else's genuine result does not buy this user anything either.
    const other = await signUp(t.app, 'other@example.com');
    expect((await verify(t.app, other.headers, paid)).statusCode).toBe(404);
    expect((await current(t.app, other.headers)).plan_type).toBe('free');
  });

  it('verified twice and delivered by webhook twice: one activation, one receipt, the redelivery acknowledged as a duplicate', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers, user } = await signUp(t.app, 'twice@example.com');
    const { paid } = await buy(t.app, headers);
    const again = await verify(t.app, headers, paid);
    expect(again.json()).toMatchObject({ success: true, receipt_number: 'LL-000001' });
    const hook = webhookFor(t, 'payment.captured', { id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, amount: 99_900 }, 'evt_Twice000001');
    expect((await t.app.inject(hook)).json()).toEqual({ status: 'processed' });
    expect((await t.app.inject(hook)).json()).toEqual({ status: 'duplicate' });
    expect(await eventsOfType(t, 'SubscriptionActivated')).toHaveLength(1);
    expect(await eventsOfType(t, 'PaymentCaptured')).toHaveLength(1);
    expect(await eventsOfType(t, 'ReceiptIssued')).toHaveLength(1);
    const history = (await t.app.inject({ method: 'GET', url: '/api/payment/billing-history', headers })).json().billing_history;
    expect(history).toHaveLength(1);
    expect(history[0]).toMatchObject({ amount: 99_900, status: 'captured', receipt: 'LL-000001', method: 'Test •••• 4242' });
    expect(user.id).toBeGreaterThan(0);
  });

  it('a payment whose browser closed before verify is activated by the webhook, exactly once', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'closed@example.com');
    const created = await intent(t.app, headers, 'pro', 'monthly');
    const paid = await testCheckout(t.app, headers, created.json().order.order_id);
    const payment = { id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, amount: 99_900 };
    expect((await t.app.inject(webhookFor(t, 'order.paid', payment, 'evt_Closed000001'))).json()).toEqual({ status: 'processed' });
    expect((await t.app.inject(webhookFor(t, 'payment.captured', payment, 'evt_Closed000002'))).json()).toEqual({ status: 'processed' });
    expect((await current(t.app, headers)).plan_type).toBe('pro');
    expect(await eventsOfType(t, 'SubscriptionActivated')).toHaveLength(1);
    const [captured] = await eventsOfType(t, 'PaymentCaptured');
    expect(captured!.data).toMatchObject({ via: 'webhook' });
  });

  it('a webhook with a bad or missing signature is refused with 400 and does nothing', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'hook@example.com');
    const created = await intent(t.app, headers, 'pro', 'monthly');
    const paid = await testCheckout(t.app, headers, created.json().order.order_id);
    const hook = webhookFor(t, 'payment.captured', { id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, amount: 99_900 }, 'evt_Bad000001');
    const before = await t.platform.events.headPosition();
    for (const signature of ['0'.repeat(64), 'not-hex', '']) {
      const refused = await t.app.inject({ ...hook, headers: { ...hook.headers, 'x-razorpay-signature': signature } });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().detail).toMatch(/X-Razorpay-Signature/);
    }
    const unsigned = Object.fromEntries(Object.entries(hook.headers).filter(([name]) => name !== 'x-razorpay-signature'));
    expect((await t.app.inject({ ...hook, headers: unsigned })).statusCode).toBe(400);
    // The signed bytes are what count: the same JSON re-serialised with a space is not signed.
    const reformatted = Buffer.from(JSON.stringify(JSON.parse(hook.payload.toString()), null, 1));
    expect((await t.app.inject({ ...hook, payload: reformatted })).statusCode).toBe(400);
    expect(await t.platform.events.headPosition()).toBe(before);
    expect((await current(t.app, headers)).plan_type).toBe('free');
    // A signed body that is not JSON is a 400 too, not a crash.
    const garbage = Buffer.from('{"event":');
    const signedGarbage = await t.app.inject({
      ...hook,
      payload: garbage,
      headers: { ...hook.headers, 'x-razorpay-signature': t.platform.payments.testMode!.signWebhookBody(garbage) },
    });
    expect(signedGarbage.statusCode).toBe(400);
  });

  it('a failed attempt is in the history as failed, and the order can still be paid', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'declined@example.com');
    const created = await intent(t.app, headers, 'pro', 'monthly');
    const failed = await testCheckout(t.app, headers, created.json().order.order_id, 'fail');
    expect(failed).toMatchObject({ outcome: 'failed', error: { code: 'BAD_REQUEST_ERROR', reason: 'payment_failed' } });
    let history = (await t.app.inject({ method: 'GET', url: '/api/payment/billing-history', headers })).json().billing_history;
    expect(history).toEqual([expect.objectContaining({ status: 'failed', receipt: null, receipt_url: null, method: 'Not charged' })]);
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/methods', headers })).json()).toEqual({ payment_methods: [] });

    const paid = await testCheckout(t.app, headers, created.json().order.order_id);
    expect((await verify(t.app, headers, paid)).statusCode).toBe(200);
    history = (await t.app.inject({ method: 'GET', url: '/api/payment/billing-history', headers })).json().billing_history;
    expect(history).toEqual([expect.objectContaining({ status: 'captured', receipt: 'LL-000001' })]);
  });

  it('an upgrade mid-period is prorated: the unused days come off, the new plan starts now', async () => {
    t = await startTestApp({}, { clock: time.clock });
    await buy(t.app, (await signUp(t.app, 'upgrade@example.com')).headers);
    time.advance(10 * DAY);
    const headers = await signIn(t.app, 'upgrade@example.com');
    const quote = (await t.app.inject({ method: 'GET', url: '/api/payment/quote?plan_type=enterprise&billing_cycle=monthly', headers })).json();
    // 20 of the period's 30 days are unused: 2/3 of ₹999.00, rounded down to the paisa.
    expect(quote).toMatchObject({
      purpose: 'upgrade',
      list_price_paise: 499_900,
      credit_paise: 66_600,
      amount_paise: 433_300,
      period_start: '2026-12-03T10:00:00.000Z',
      period_end: '2027-01-03T10:00:00.000Z',
    });
    expect(quote.explanation).toContain('The 20 unused days of your current plan, worth ₹666.00, come off the price.');
    const { order } = await buy(t.app, headers, 'enterprise', 'monthly');
    expect(order.order.amount).toBe(433_300);
    expect(await current(t.app, headers)).toMatchObject({ plan_type: 'enterprise', current_period_start: '2026-12-03T10:00:00.000Z' });
    // Back down to Pro while Enterprise runs: refused, nothing thrown away.
    const down = await intent(t.app, headers, 'pro', 'monthly');
    expect(down.statusCode).toBe(409);
    expect(down.json().detail).toBe('Your Enterprise plan is active until 03 Jan 2027. You can choose Pro (monthly) once it has ended.');
  });

  it('paying again for the same plan adds a period after the current one', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'renew@example.com');
    await buy(t.app, headers);
    const { verified } = await buy(t.app, headers);
    expect(verified.message).toBe('Payment verified successfully. Your Pro plan is active until 23 Jan 2027.');
    // One sequence for the installation: the second payment has the next number.
    expect(verified.receipt_number).toBe('LL-000002');
    expect(await current(t.app, headers)).toMatchObject({ current_period_start: '2026-11-23T10:00:00.000Z', current_period_end: '2027-01-23T10:00:00.000Z' });
    expect((await eventsOfType(t, 'SubscriptionRenewed')).map((event) => event.data)).toEqual([
      expect.objectContaining({ period_start: '2026-12-23T10:00:00.000Z' }),
    ]);
  });

  it('a refund.processed webhook records the refund and ends the period it paid for', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'refund@example.com');
    const { paid } = await buy(t.app, headers);
    const hook = refundProcessed(t, 'rfnd_Test000001', paid.razorpay_payment_id, 'evt_Refund000001');
    expect((await t.app.inject(hook)).json()).toEqual({ status: 'processed' });
    expect(await current(t.app, headers)).toMatchObject({ plan_type: 'free', status: 'expired' });
    const history = (await t.app.inject({ method: 'GET', url: '/api/payment/billing-history', headers })).json().billing_history;
    expect(history).toEqual([expect.objectContaining({ status: 'refunded', receipt: 'LL-000001' })]);
    // The receipt still downloads, marked as refunded.
    expect((await t.app.inject({ method: 'GET', url: history[0].receipt_url, headers })).headers['content-type']).toBe('application/pdf');
  });

  it('an upgrade ordered against a Pro period that is refunded before it is paid buys only the share of Enterprise it covers (re-quoted at capture)', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { paid: proPaid } = await buy(t.app, (await signUp(t.app, 'requote@example.com')).headers);
    time.advance(10 * DAY);
    const headers = await signIn(t.app, 'requote@example.com');
    const created = await intent(t.app, headers, 'enterprise', 'monthly');
    // ₹666.00 of Pro's unused days came off the order.
    expect(created.json().order.amount).toBe(433_300);
    const hook = refundProcessed(t, 'rfnd_Requote00001', proPaid.razorpay_payment_id, 'evt_Requote00001');
    expect((await t.app.inject(hook)).json()).toEqual({ status: 'processed' });
    time.advance(60_000);

    const paid = await testCheckout(t.app, headers, created.json().order.order_id);
    const verified = await verify(t.app, headers, paid, 'enterprise', 'monthly');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toContain(
      'the Enterprise plan (monthly) cost ₹4,999.00 on your account (₹4,333.00 when the order was made), so it buys the period in proportion',
    );
    const subscription = await current(t.app, headers);
    expect(subscription.plan_type).toBe('enterprise');
    // The credit was gone: ₹4,333.00 of ₹4,999.00 buys that share of a month, not the month.
    const month = Date.parse('2027-01-03T10:01:00Z') - Date.parse('2026-12-03T10:01:00Z');
    expect(Date.parse(subscription.current_period_end) - Date.parse(subscription.current_period_start)).toBe(Math.floor((month * 433_300) / 499_900));
    expect((await eventsOfType(t, 'PaymentRequoted')).map((event) => event.data)).toEqual([
      expect.objectContaining({ outcome: 'prorated', ordered_amount_paise: 433_300, due_amount_paise: 499_900 }),
    ]);
  });

  it('an order can be paid for 30 minutes: the test checkout refuses it after that', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'late@example.com');
    const created = await intent(t.app, headers, 'pro', 'monthly');
    time.advance(30 * 60_000 + 1_000);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/payment/test-checkout/${created.json().order.order_id}`,
      headers,
      payload: { outcome: 'pay' },
    });
    expect(late.statusCode).toBe(400);
    expect(late.json().detail).toMatch(/has expired: an order can be paid for 30 minutes/);
    expect((await current(t.app, headers)).plan_type).toBe('free');
  });

  it('a gateway’s failure text comes back out as plain data, cut to size', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'hostile@example.com');
    const created = await intent(t.app, headers, 'pro', 'monthly');
    const hostile = `<img src=x onerror=alert(1)>\u0000${'x'.repeat(500)}`;
    const hook = webhookFor(
      t,
      'payment.failed',
      { id: 'pay_Hostile00001', order_id: created.json().order.order_id, amount: 99_900, error_description: hostile },
      'evt_Hostile00001',
    );
    expect((await t.app.inject(hook)).json()).toEqual({ status: 'processed' });
    const history = await t.app.inject({ method: 'GET', url: '/api/payment/billing-history', headers });
    expect(history.headers['content-type']).toMatch(/^application\/json/);
    const [item] = history.json().billing_history;
    expect(item.status).toBe('failed');
    expect(item.description).toContain('payment failed: <img src=x onerror=alert(1)>');
    expect(item.description.length).toBeLessThan(400);
  });

  it('plan choices a person can get wrong are refused with a message to act on', async () => {
    t = await startTestApp({}, { clock: time.clock });
    const { headers } = await signUp(t.app, 'typo@example.com');
    const free = await intent(t.app, headers, 'free', 'monthly');
    expect(free.statusCode).toBe(400);
    expect(free.json().detail).toMatch(/Plan type must be pro or enterprise/);
    expect((await intent(t.app, headers, 'pro', 'weekly')).json().detail).toMatch(/Billing cycle must be monthly or yearly/);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/payment/test-checkout/order_test_nope', headers });
    expect(unknown.statusCode).toBe(404);
    expect(await eventsOfType(t, 'PaymentOrderCreated')).toHaveLength(0);
  });
});

describe('the subscription lifecycle across restarts', () => {
  const time = manualClock('2026-11-23T10:00:00Z');
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'linkledger-lifecycle-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('cancel keeps Pro to the period end; after it the user is on Free, expired once, with a reminder sent once before', async () => {
    let t = await startTestApp({}, { clock: time.clock, dataDir });
    const session = await signUp(t.app, 'leaving@example.com');
    await buy(t.app, session.headers);
    const subscription = await current(t.app, session.headers);

    // Three days before the end the reminder goes out, once.
    time.set('2026-12-20T11:00:00Z');
    await t.platform.billingScheduler!.tick();
    await t.platform.billingScheduler!.tick();
    const reminders = () => outbox(dataDir).filter((mail) => mail.subject === 'Your Pro plan ends on 23 Dec 2026');
    expect(reminders()).toHaveLength(1);
    expect(reminders()[0]!.to).toBe('leaving@example.com');

    const headers = await signIn(t.app, 'leaving@example.com');
    const cancelled = await t.app.inject({ method: 'POST', url: '/api/payment/subscription/cancel', headers, payload: { subscription_id: subscription.id } });
    expect(cancelled.json()).toEqual({
      success: true,
      message: 'Your subscription has been cancelled successfully. Your Pro plan stays active until 23 Dec 2026, then you move to the Free plan.',
      ends_at: '2026-12-23T10:00:00.000Z',
    });
    expect(await current(t.app, headers)).toMatchObject({ plan_type: 'pro', status: 'cancelled' });
    const someoneElses = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers,
      payload: { subscription_id: subscription.id + 1 },
    });
    expect(someoneElses.statusCode).toBe(404);
    await t.close();

    // The process is down when the period ends; the next start expires it.
    time.set('2026-12-23T10:00:01Z');
    t = await startTestApp({}, { clock: time.clock, dataDir });
    const after = await signIn(t.app, 'leaving@example.com');
    expect(await current(t.app, after)).toMatchObject({ plan_type: 'free', status: 'expired' });
    expect((await current(t.app, after)).limits.monthly_links).toBe(10);
    await t.platform.billingScheduler!.tick();
    await t.close();

    t = await startTestApp({}, { clock: time.clock, dataDir });
    await t.platform.billingScheduler!.tick();
    expect(await eventsOfType(t, 'SubscriptionExpired')).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ reason: 'period_ended', plan_type: 'pro' }) }),
    ]);
    expect(reminders()).toHaveLength(1);
    const cancelAgain = await post(t.app, '/api/payment/subscription/cancel', await signIn(t.app, 'leaving@example.com'), { subscription_id: subscription.id });
    expect(cancelAgain.statusCode).toBe(409);
    expect(cancelAgain.json().detail).toBe('You are on the Free plan: there is no paid subscription to cancel.');
    await t.close();
  });
});

async function signIn(app: FastifyInstance, email: string, password = 'correct horse'): Promise<Headers> {
  const token = await app.inject({
    method: 'POST',
    url: '/api/token',
    payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { authorization: `Bearer ${token.json().access_token}` };
}

describe('paying through Razorpay (the official client against a local Razorpay API)', () => {
  const KEYS = { keyId: 'rzp_test_Integration01', keySecret: 'integration-key-secret', webhookSecret: 'integration-webhook-secret' };
  let razorpay: RazorpayApiServer;
  let t: TestApp;
  beforeAll(async () => {
    razorpay = await startRazorpayApiServer(KEYS);
    t = await startTestApp({
      RAZORPAY_KEY_ID: KEYS.keyId,
      RAZORPAY_KEY_SECRET: KEYS.keySecret,
      RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret,
      RAZORPAY_API_URL: razorpay.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await razorpay?.close();
  });

  it('creates the order at Razorpay and verifies checkout’s result by the same path as test mode', async () => {
    const { headers } = await signUp(t.app, 'razorpay@example.com');
    expect((await t.app.inject({ method: 'GET', url: '/api/payment/config' })).json()).toEqual({
      mode: 'razorpay',
      key_id: KEYS.keyId,
      gst_rate_basis_points: null,
    });
    const created = await intent(t.app, headers, 'pro', 'monthly');
    expect(created.json()).toMatchObject({ mode: 'razorpay', order: { key_id: KEYS.keyId, amount: 99_900 } });
    expect(razorpay.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v1/orders', body: { amount: 99_900, currency: 'INR' } });
    // There is no local checkout in Razorpay mode.
    expect((await t.app.inject({ method: 'GET', url: `/api/payment/test-checkout/${created.json().order.order_id}`, headers })).statusCode).toBe(404);

    const { checkout } = razorpay.registerPayment(created.json().order.order_id, 'captured', { method: 'upi', vpa: 'gaurav.kumar@okhdfc' });
    expect((await verify(t.app, headers, checkout)).json()).toMatchObject({ success: true, receipt_number: 'LL-000001' });
    expect((await current(t.app, headers)).plan_type).toBe('pro');
    const methods = (await t.app.inject({ method: 'GET', url: '/api/payment/methods', headers })).json().payment_methods;
    expect(methods).toEqual([expect.objectContaining({ type: 'upi', icon: 'upi', is_default: true })]);
    expect(methods[0].name).toMatch(/^UPI g\w*\*+@okhdfc$/);
    // Real money: the receipt is a plain one, with no test-mode notice.
    const [item] = (await t.app.inject({ method: 'GET', url: '/api/payment/billing-history', headers })).json().billing_history;
    expect(item).toMatchObject({ receipt: 'LL-000001', test_mode: false });
    expect((await readPdf((await t.app.inject({ method: 'GET', url: item.receipt_url, headers })).rawPayload)).text).not.toMatch(/test/i);
    await t.platform.billingScheduler!.tick();
    const mail = outbox(t.dataDir).find((sent) => sent.subject === 'Your Linkledger receipt LL-000001');
    expect(mail?.text).not.toContain(TEST_MODE_MAIL_NOTICE);
    expect(JSON.stringify(methods)).not.toContain('gaurav.kumar');

    const delivery = razorpay.webhook('payment.captured', checkout.razorpay_payment_id);
    expect((await t.app.inject({ method: 'POST', url: '/api/payment/webhook', payload: delivery.rawBody, headers: delivery.headers })).json()).toEqual({
      status: 'processed',
    });
    expect(await eventsOfType(t, 'SubscriptionActivated')).toHaveLength(1);
  });
});

describe('an old order paid late through Razorpay (its checkout can outlive the quote)', () => {
  const KEYS = { keyId: 'rzp_test_Integration02', keySecret: 'integration-key-secret-2', webhookSecret: 'integration-webhook-secret-2' };
  const time = manualClock('2026-11-23T10:00:00Z');
  let razorpay: RazorpayApiServer;
  let t: TestApp;
  beforeAll(async () => {
    razorpay = await startRazorpayApiServer(KEYS);
    t = await startTestApp(
      { RAZORPAY_KEY_ID: KEYS.keyId, RAZORPAY_KEY_SECRET: KEYS.keySecret, RAZORPAY_WEBHOOK_SECRET: KEYS.webhookSecret, RAZORPAY_API_URL: razorpay.url },
      { clock: time.clock },
    );
  });
  afterAll(async () => {
    await t?.close();
    await razorpay?.close();
  });

  it('an Enterprise yearly order made on day 1 of a Pro year and paid on day 364 carries one day’s credit, not a year’s', async () => {
    const { headers } = await signUp(t.app, 'yearly@example.com');
    const pro = await intent(t.app, headers, 'pro', 'yearly');
    await verify(t.app, headers, razorpay.registerPayment(pro.json().order.order_id, 'captured').checkout, 'pro', 'yearly');
    time.advance(DAY);
    const early = await intent(t.app, headers, 'enterprise', 'yearly');
    const ordered = early.json().order.amount as number;
    time.advance(363 * DAY);
    const late = await signIn(t.app, 'yearly@example.com');
    const quoteNow = (await t.app.inject({ method: 'GET', url: '/api/payment/quote?plan_type=enterprise&billing_cycle=yearly', headers: late })).json();
    expect(quoteNow.amount_paise).toBeGreaterThan(ordered);

    const verified = await verify(t.app, late, razorpay.registerPayment(early.json().order.order_id, 'captured').checkout, 'enterprise', 'yearly');
    expect(verified.statusCode, verified.body).toBe(200);
    const requoted = (await eventsOfType(t, 'PaymentRequoted')).map((event) => event.data);
    expect(requoted).toEqual([expect.objectContaining({ outcome: 'prorated', ordered_amount_paise: ordered, due_amount_paise: quoteNow.amount_paise })]);
    const subscription = await current(t.app, late);
    const year = Date.parse(quoteNow.period_end) - Date.parse(quoteNow.period_start);
    expect(Date.parse(subscription.current_period_end) - Date.parse(subscription.current_period_start)).toBe(
      Math.floor((year * ordered) / quoteNow.amount_paise),
    );
  });
});
