import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PAYMENTS, type PaymentView } from '@linkledger/projections';
import { SqliteReadStore } from '../stores/read/sqlite-read-store.ts';
import { billingHistory } from './routes.ts';

const PAYER = 7;
const TEAM = 40;

/** What each order bought and cost. */
const PRO_MONTH = {
  plan_type: 'pro',
  billing_cycle: 'monthly',
  purpose: 'new',
  list_price_paise: 99_900,
  credit_paise: 0,
  amount_paise: 99_900,
  currency: 'INR',
} as const;

const payment = (id: string, userId: number, workspaceId?: number): PaymentView => ({
  id,
  user_id: userId,
  ...(workspaceId === undefined ? {} : { workspace_id: workspaceId }),
  ...PRO_MONTH,
  status: 'captured',
  created_at: '2026-11-23T10:00:00.000Z',
  payment_id: `pay_${id}`,
  instrument: { kind: 'card', card_network: 'Visa', card_last4: '4242' },
  receipt_number: `LL-${id}`,
  paid_at: '2026-11-23T10:01:00.000Z',
  failure_reason: null,
  refunded_paise: 0,
  period_start: null,
  period_end: null,
  receipt_emailed: true,
});

describe('billing history of a read model projected before payments named their workspace', () => {
  const dir = mkdtempSync(join(tmpdir(), 'll-billing-history-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('lists a payment without workspace_id in its payer’s personal workspace, and a team’s payment in the team only', async () => {
    const read = new SqliteReadStore(join(dir, 'read.db'));
    try {
      // The store as an earlier version left it: its indexes, and a payment document without workspace_id.
      for (const fields of [['user_id'], ['receipt_number'], ['status', 'receipt_emailed']]) await read.ensureIndex(PAYMENTS, fields);
      await read.commit('accounts-links', [{ collection: PAYMENTS, id: '000001', doc: payment('000001', PAYER) }], 1);
      await read.commit('accounts-links', [{ collection: PAYMENTS, id: '000002', doc: payment('000002', 8) }], 2);
      // This version: the workspace index, and a member's payment for a team.
      await read.ensureIndex(PAYMENTS, ['workspace_id']);
      await read.commit('accounts-links', [{ collection: PAYMENTS, id: '000003', doc: payment('000003', PAYER, TEAM) }], 3);

      expect((await billingHistory({ read }, PAYER)).map((item) => item.id)).toEqual(['000001']);
      expect((await billingHistory({ read }, TEAM)).map((item) => item.id)).toEqual(['000003']);
      expect((await billingHistory({ read }, 8)).map((item) => item.id)).toEqual(['000002']);
    } finally {
      await read.close();
    }
  });
});
