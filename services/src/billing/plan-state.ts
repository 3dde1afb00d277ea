import { planFromRecord, type DomainEvent, type Plan } from '@linkledger/contracts';

/** A plan as its stream tells it: as shipped, then as each edit recorded it; null for an id that is no plan. */
export function evolvePlan(state: Plan | null, event: DomainEvent): Plan | null {
  return event.type === 'PlanUpdated' ? planFromRecord(event.data) : state;
}
