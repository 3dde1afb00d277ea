import { randomUUID } from 'node:crypto';
import type { CommandDeps } from '../commands/command-handler.ts';
import type { PlanChanged } from '@linkledger/contracts';
import { toNewEvent } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../commands/read-your-writes.ts';

/** Given: a user on a plan, as an admin's change would record it (for tests that need more than free allows). */
export async function givePlan(
  platform: CommandDeps & Pick<Platform, 'clock'>,
  userId: number,
  plan: PlanChanged['plan_type'],
  change: Partial<PlanChanged> = {},
): Promise<void> {
  const now = platform.clock();
  const data: PlanChanged = {
    user_id: userId,
    plan_type: plan,
    billing_cycle: 'monthly',
    status: 'active',
    period_start: now.toISOString(),
    period_end: new Date(now.getTime() + 30 * 86_400_000).toISOString(),
    reason: 'admin',
    ...change,
  };
  const metadata = { actor: { kind: 'system' as const, id: 'test' }, correlation_id: randomUUID(), causation_id: randomUUID(), at: now.toISOString() };
  const { position } = await platform.events.append([
    { stream: `subscription-${userId}`, expected: 'any', events: [toNewEvent({ type: 'PlanChanged', data }, metadata)] },
  ]);
  await waitForReadModel(platform, position);
}
