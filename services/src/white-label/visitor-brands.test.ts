import { describe, expect, it } from 'vitest';
import type { EventStore, RecordedEvent } from '@linkledger/contracts';
import { recorded } from '../testing/recorded.ts';
import { eventually } from '../testing/eventually.ts';
import { VisitorBrands } from './visitor-brands.ts';

const NOW = new Date('2026-11-28T10:00:00.000Z');
const WORKSPACE = 7;

const [enterprise] = recorded(
  [
    {
      type: 'PlanChanged',
      data: {
        user_id: WORKSPACE,
        plan_type: 'enterprise',
        billing_cycle: 'monthly',
        status: 'active',
        period_start: '2026-11-01T00:00:00.000Z',
        period_end: '2026-12-01T00:00:00.000Z',
        reason: 'admin',
      },
    },
  ],
  `subscription-${WORKSPACE}`,
);
const [brandSet] = recorded(
  [{ type: 'WorkspaceBrandSet', data: { workspace_id: WORKSPACE, name: 'Acme', primary_color: '#7a1f5c', background_color: '#fdf2f8', logo_id: null } }],
  `workspace-brand-${WORKSPACE}`,
);

/** The log as the brands read it, with a switch that makes every read fail (a store that is down). */
function storeThatFails() {
  const store = { down: false };
  const read = async (stream: string): Promise<RecordedEvent[]> => {
    if (store.down) throw new Error('event store is down (test)');
    return stream === `subscription-${WORKSPACE}` ? [enterprise!] : [];
  };
  const events = { readStream: read, readAll: async () => [] } as unknown as EventStore;
  return { store, events };
}

describe('the brands visitors see, followed from the log', () => {
  it('never throws into the subscription that feeds it when the store fails, and settles once the store is back', async () => {
    const { store, events } = storeThatFails();
    const errors: unknown[] = [];
    const brands = new VisitorBrands(
      events,
      (host) => (host === 'go.acme.in' ? WORKSPACE : undefined),
      (error) => errors.push(error),
    );
    store.down = true;
    // A throw here would end the redirect cache's subscription: every later link change would be missed.
    await expect(brands.apply(brandSet!)).resolves.toBeUndefined();
    expect(errors).toHaveLength(1);
    // Without its plan known, the domain shows our pages, never a brand its plan may not grant.
    expect(brands.forHost('go.acme.in', NOW)).toBeNull();

    store.down = false;
    // A visit tries again without waiting for it; the brand shows once its plan is read.
    await eventually(() => brands.forHost('go.acme.in', NOW)?.name === 'Acme', 2000, 'the brand to settle');
    expect(brands.forHost('elsewhere.in', NOW)).toBeNull();
  });
});
