import { randomUUID } from 'node:crypto';
import type { CommandDeps } from '../commands/command-handler.ts';
import type { DomainEvent, PlanChanged } from '@linkledger/contracts';
import { toNewEvent } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../commands/read-your-writes.ts';

type Deps = CommandDeps & Pick<Platform, 'clock'>;

/** Appends an event to a user's subscription stream as an admin's change would, and waits until the read model has it. */
async function recordOnSubscription(platform: Deps, userId: number, event: DomainEvent): Promise<void> {
  const metadata = {
    actor: { kind: 'system' as const, id: 'test' },
    correlation_id: randomUUID(),
    causation_id: randomUUID(),
    at: platform.clock().toISOString(),
  };
  const { position } = await platform.events.append([{ stream: `subscription-${userId}`, expected: 'any', events: [toNewEvent(event, metadata)] }]);
  await waitForReadModel(platform, position);
}

/** Given: a user on a plan, as an admin's change would record it (for tests that need more than free allows). */
export async function givePlan(platform: Deps, userId: number, plan: PlanChanged['plan_type'], change: Partial<PlanChanged> = {}): Promise<void> {
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
  await recordOnSubscription(platform, userId, { type: 'PlanChanged', data });
}

/** Given: a user whose analytics show every day, whatever their plan (an admin's own retention of -1). */
export async function giveUnlimitedRetention(platform: Deps, userId: number): Promise<void> {
  const data = { user_id: userId, monthly_links: null, api_calls_per_minute: null, custom_domains: null, is_unlimited: false, analytics_retention_days: -1 };
  await recordOnSubscription(platform, userId, { type: 'CustomLimitsSet', data });
}
