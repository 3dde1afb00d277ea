import type { EntityKind, RecordedEvent } from '@linkledger/contracts';
import { evolveRecorded, type Evolve } from '../commands/event-port.ts';
import { evolveUser, noUser, type UserState } from '../accounts/index.ts';
import { evolveSubscription, noSubscription, type SubscriptionState } from '../billing/index.ts';
import { evolveEditableLink, type EditableLink } from '../links/index.ts';
import { domainStream, evolveDomain, noDomain, type DomainState } from '../domains/index.ts';

/**
 * How the history folds one kind of entity: its stream and the very `evolve` its commands
 * decide on (docs/admin.md#entity-timeline), plus the view shown to admins. A view never
 * carries a secret: the user's password hash is left out, not redacted.
 */
interface EntityHistory<State> {
  stream(id: number): string;
  initial: State;
  evolve: Evolve<State>;
  /** The state as admins read it; null while the entity does not exist. */
  view(state: State): Record<string, unknown> | null;
}

const user: EntityHistory<UserState> = {
  stream: (id) => `user-${id}`,
  initial: noUser,
  evolve: evolveUser,
  view: (state) =>
    state.id === null
      ? null
      : {
          id: state.id,
          email: state.email,
          role: state.role,
          status: state.status,
          is_verified: state.isVerified,
          password_changed_at: state.passwordChangedAt,
        },
};

const link: EntityHistory<EditableLink | null> = {
  stream: (id) => `link-${id}`,
  initial: null,
  evolve: evolveEditableLink,
  view: (state) =>
    state && {
      id: state.id,
      owner_id: state.ownerId,
      short_code: state.shortCode,
      destination: state.destination,
      title: state.title,
      description: state.description,
      is_active: state.isActive,
      moderated: state.moderated,
      deleted: state.deleted,
    },
};

const subscription: EntityHistory<SubscriptionState> = {
  stream: (id) => `subscription-${id}`,
  initial: noSubscription,
  evolve: evolveSubscription,
  view: (state) => ({
    plan_type: state.planType,
    status: state.status,
    billing_cycle: state.billingCycle,
    period_start: state.periodStart,
    period_end: state.periodEnd,
    custom_limits: state.customLimits,
  }),
};

type View = Record<string, unknown> | null;

/** One event of an entity's stream with the entity's view before and after it. */
interface FoldStep {
  event: RecordedEvent;
  before: View;
  after: View;
}

/** An entity kind's history, its state type hidden: folds a stream into views. */
interface EntityFolder {
  stream(id: number): string;
  /** Folds the events in order; `steps` has one entry per event. */
  fold(events: readonly RecordedEvent[]): { steps: FoldStep[]; view: View };
}

function folderOf<State>(history: EntityHistory<State>): EntityFolder {
  return {
    stream: history.stream,
    fold(events) {
      let state = history.initial;
      let view = history.view(state);
      const steps: FoldStep[] = [];
      for (const event of events) {
        state = evolveRecorded(history.evolve, state, event);
        const after = history.view(state);
        steps.push({ event, before: view, after });
        view = after;
      }
      return { steps, view };
    },
  };
}

/** Entity kinds with a history; custom domains join when they exist. */
const domain: EntityHistory<DomainState> = {
  stream: domainStream,
  initial: noDomain,
  evolve: evolveDomain,
  view: (state) =>
    state.id === null ? null : { id: state.id, owner_id: state.ownerId, domain: state.domain, dns_verified: state.verified, deleted: state.deleted },
};

export const ENTITY_HISTORIES: Record<EntityKind, EntityFolder> = {
  user: folderOf(user),
  link: folderOf(link),
  subscription: folderOf(subscription),
  domain: folderOf(domain),
};
