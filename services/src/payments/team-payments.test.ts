import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { roleRefusal } from '../http/access.ts';
import { WORKSPACE_NOT_FOUND_FOR_ADMINS } from '../billing/admin-subjects.ts';
import { outbox } from '../testing/outbox.ts';
import { startTestApp, type Session, type TestApp } from '../testing/test-app.ts';
import { teamOnPro } from '../testing/workspaces.ts';
import { readPdf } from '../testing/pdf-text.ts';
import { intent, testCheckout, verify, webhookFor } from './testing/checkout-calls.ts';

/**
 * A team's plan is the team's: its owners and billing members pay for it, every member reads
 * it, and what was paid is the team's (docs/payments.md#whose-plan-a-payment-buys).
 */
let t: TestApp;
let root: Session;
let asha: Session;
let outsider: Session;
let members: Record<'billing' | 'member' | 'viewer', Session>;
let team: number;

const inTeam = (session: Session) => ({ ...session.headers, 'x-workspace-id': String(team) });
const get = (headers: Record<string, string>, url: string) => t.app.inject({ method: 'GET', url, headers });
const subscription = async (headers: Record<string, string>) => (await get(headers, '/api/subscription/current')).json();
const history = async (headers: Record<string, string>) => (await get(headers, '/api/payment/billing-history')).json().billing_history;

/** The server's clock, moved by hand to reach a period's end. */
let now = new Date('2026-11-23T10:00:00Z');

beforeAll(async () => {
  t = await startTestApp({ REGISTRATIONS_PER_IP: '0' }, { clock: () => now });
  ({ root, asha, outsider, team, members } = await teamOnPro(t, 'paying-team', { billing: 'billing', member: 'member', viewer: 'viewer' }));
});
afterAll(() => t.close());

describe('paying for a team workspace', () => {
  it('a billing member pays Enterprise for the team in test mode: the team moves up, the payer’s own plan stays, the payer is mailed the receipt', async () => {
    const { billing } = members;
    const created = await intent(t.app, inTeam(billing), 'enterprise', 'monthly');
    expect(created.statusCode, created.body).toBe(200);
    // The gateway's checkout is prefilled with the payer, not the team.
    expect(created.json().prefill).toMatchObject({ email: 'billing@example.com' });
    const orderId = created.json().order.order_id;
    // The order is the team's: the payer's own workspace does not know it.
    expect((await t.app.inject({ method: 'GET', url: `/api/payment/test-checkout/${orderId}`, headers: billing.headers })).statusCode).toBe(404);
    const paid = await testCheckout(t.app, inTeam(billing), orderId);
    expect((await verify(t.app, billing.headers, paid, 'enterprise')).statusCode).toBe(404);
    const verified = await verify(t.app, inTeam(billing), paid, 'enterprise');
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().message).toMatch(/^Payment verified successfully\. Your Enterprise plan is active until /);

    // Every member reads the team's plan with its seats; the payer's personal workspace is still on Free.
    for (const session of [asha, billing, members.member, members.viewer]) {
      expect(await subscription(inTeam(session))).toMatchObject({ id: team, plan_type: 'enterprise', limits: { seats: 50, monthly_links: 10_000 } });
    }
    expect(await subscription(billing.headers)).toMatchObject({ id: billing.user.id, plan_type: 'free', limits: { seats: 1 } });

    // The history and the receipt are the team's: its owner sees them, the payer's own workspace does not.
    const [item] = await history(inTeam(asha));
    expect(item).toMatchObject({ status: 'captured', description: expect.stringContaining('Enterprise plan, monthly') });
    expect(await history(inTeam(billing))).toEqual([item]);
    expect(await history(billing.headers)).toEqual([]);
    const receipt = await get(inTeam(asha), item.receipt_url);
    expect(receipt.statusCode).toBe(200);
    // The buyer on the receipt is the member who paid.
    expect((await readPdf(receipt.rawPayload)).text).toContain('billing@example.com');

    await t.platform.billingScheduler!.tick();
    const mailed = outbox(t.dataDir).filter((mail) => mail.subject.includes(`receipt ${item.receipt}`));
    expect(mailed.map((mail) => mail.to)).toEqual(['billing@example.com']);

    // The methods paid with are the team's too.
    expect((await get(inTeam(asha), '/api/payment/methods')).json().payment_methods).toHaveLength(1);
    expect((await get(billing.headers, '/api/payment/methods')).json().payment_methods).toEqual([]);
  });

  it('an admin reads the team’s payment under the team’s id, not under the payer’s personal workspace', async () => {
    const [item] = await history(inTeam(asha));
    const byWorkspace = await get(root.headers, `/api/admin/workspaces/${team}/payments`);
    expect(byWorkspace.statusCode, byWorkspace.body).toBe(200);
    expect(byWorkspace.json().billing_history).toEqual([item]);
    // The payer's own account, read by user id, is their personal workspace: it paid nothing.
    expect((await get(root.headers, `/api/admin/users/${members.billing.user.id}/payments`)).json().billing_history).toEqual([]);
    const unknown = await get(root.headers, '/api/admin/workspaces/999999/payments');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().detail).toBe(WORKSPACE_NOT_FOUND_FOR_ADMINS);
    // Only admins read it; the team's own owner is refused.
    expect((await get(asha.headers, `/api/admin/workspaces/${team}/payments`)).statusCode).toBe(403);
  });

  it('a payment for the team that only the gateway’s webhook reports moves the team, not the payer (monthly to yearly)', async () => {
    const headers = inTeam(members.billing);
    const created = await intent(t.app, headers, 'enterprise', 'yearly');
    expect(created.statusCode, created.body).toBe(200);
    const paid = await testCheckout(t.app, headers, created.json().order.order_id);
    // The browser never comes back to verify: the webhook alone tells of the payment.
    const hook = webhookFor(
      t,
      'payment.captured',
      { id: paid.razorpay_payment_id, order_id: paid.razorpay_order_id, amount: created.json().order.amount },
      'evt_TeamPaid0001',
    );
    expect((await t.app.inject(hook)).json()).toEqual({ status: 'processed' });
    expect(await subscription(inTeam(asha))).toMatchObject({ id: team, plan_type: 'enterprise', billing_cycle: 'yearly' });
    expect(await subscription(members.billing.headers)).toMatchObject({ plan_type: 'free' });
    expect(await history(inTeam(asha))).toHaveLength(2);
  });

  it('a member or a viewer is refused every payment call (403); reading the plan is theirs', async () => {
    for (const role of ['member', 'viewer'] as const) {
      const headers = inTeam(members[role]);
      for (const [method, url, payload] of [
        ['GET', '/api/payment/quote?plan_type=enterprise&billing_cycle=yearly'],
        ['POST', '/api/payment/create-intent', { plan_type: 'enterprise', billing_cycle: 'yearly' }],
        ['GET', '/api/payment/billing-history'],
        ['GET', '/api/payment/methods'],
        ['POST', '/api/payment/subscription/cancel', { subscription_id: team }],
        ['GET', '/api/payment/receipts/LL-000001'],
      ] as const) {
        const answer = await t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
        expect(answer.statusCode, `${method} ${url} as ${role}`).toBe(403);
        expect(answer.json().detail).toBe(roleRefusal(role));
      }
      expect((await get(headers, '/api/subscription/current')).statusCode).toBe(200);
    }
  });

  it('another workspace’s receipt is not found, as is a receipt in one’s own workspace that another paid; an admin reads any', async () => {
    const item = (await history(inTeam(asha))).at(-1);
    // Asha owns the team, but in her personal workspace the team's receipt is not hers to read.
    const personal = await get(asha.headers, item.receipt_url);
    expect(personal.statusCode).toBe(404);
    expect(personal.json().detail).toBe(`There is no receipt ${item.receipt} on this workspace.`);
    expect((await get(outsider.headers, item.receipt_url)).statusCode).toBe(404);
    expect((await get(root.headers, item.receipt_url)).statusCode).toBe(200);
  });

  it('the reminder that the team’s plan ends goes to its owner, not to the member who paid', async () => {
    const { current_period_end } = await subscription(inTeam(asha));
    const before = now;
    now = new Date(Date.parse(current_period_end) - 2 * 86_400_000);
    await t.platform.billingScheduler!.tick();
    // Back to the day before: the sessions of the tests that follow stay valid.
    now = before;
    const reminders = outbox(t.dataDir).filter((mail) => mail.subject.startsWith('Your Enterprise plan ends on'));
    expect(reminders.map((mail) => mail.to)).toEqual(['asha@example.com']);
  });

  it('only the team’s owner or billing member cancels the team’s subscription, and the team’s id names it', async () => {
    const notTheTeams = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: inTeam(members.billing),
      payload: { subscription_id: members.billing.user.id },
    });
    expect(notTheTeams.statusCode).toBe(404);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: '/api/payment/subscription/cancel',
      headers: inTeam(members.billing),
      payload: { subscription_id: team },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await subscription(inTeam(asha))).toMatchObject({ plan_type: 'enterprise', status: 'cancelled' });
  });
});
