import { domainEventOf, type EntityFacts, type LinkFactRow, type OwnerFactRow, type RecordedEvent } from '@linkledger/contracts';
import { clickhouseTime } from './clickhouse-time.ts';

/** The events that change what analysts see of links and owners (docs/analysts.md#schema). */
export const FACT_EVENT_TYPES = [
  'LinkCreated',
  'LinkUpdated',
  'LinkDeleted',
  'LinkModerated',
  'UserRegistered',
  'UserStatusChanged',
  'UserRoleChanged',
  'PlanChanged',
  'AccountDeleted',
];

const noLinkFields = {
  owner_id: null,
  short_code: null,
  destination: null,
  title: null,
  created_via: null,
  custom_domain: null,
  is_active: null,
  disabled: null,
};
const noOwnerFields = { role: null, status: null, plan: null, plan_status: null };
const flag = (value: boolean | undefined) => (value === undefined ? null : value ? 1 : 0);

function linkFact(recorded: RecordedEvent): LinkFactRow | null {
  const event = domainEventOf(recorded);
  const base = { position: recorded.position, at: clickhouseTime(recorded.metadata.at), ...noLinkFields };
  switch (event?.type) {
    case 'LinkCreated': {
      const { link_id, owner_id, short_code, original_url, title, created_via, custom_domain } = event.data;
      return {
        ...base,
        link_id,
        fact: 'created',
        owner_id,
        short_code,
        destination: original_url,
        title,
        created_via,
        custom_domain,
        is_active: 1,
        disabled: 0,
      };
    }
    case 'LinkUpdated': {
      const { title, original_url, is_active } = event.data.changes;
      return { ...base, link_id: event.data.link_id, fact: 'updated', title: title ?? null, destination: original_url ?? null, is_active: flag(is_active) };
    }
    case 'LinkDeleted':
      return { ...base, link_id: event.data.link_id, fact: 'deleted' };
    case 'LinkModerated':
      return { ...base, link_id: event.data.link_id, fact: 'moderated', disabled: flag(event.data.disabled) };
    default:
      return null;
  }
}

function ownerFact(recorded: RecordedEvent): OwnerFactRow | null {
  const event = domainEventOf(recorded);
  const base = { position: recorded.position, at: clickhouseTime(recorded.metadata.at), ...noOwnerFields };
  switch (event?.type) {
    case 'UserRegistered':
      return { ...base, owner_id: event.data.user_id, fact: 'registered', role: event.data.role };
    case 'UserStatusChanged':
      return { ...base, owner_id: event.data.user_id, fact: 'status', status: event.data.status };
    case 'UserRoleChanged':
      return { ...base, owner_id: event.data.user_id, fact: 'role', role: event.data.role };
    // Its clicks stay counted; analysts see the owner as deleted (docs/privacy.md#deleting-an-account).
    case 'AccountDeleted':
      return { ...base, owner_id: event.data.user_id, fact: 'status', status: 'deleted' };
    case 'PlanChanged':
      return { ...base, owner_id: event.data.user_id, fact: 'plan', plan: event.data.plan_type, plan_status: event.data.status };
    default:
      return null;
  }
}

const FACT_TYPES = new Set(FACT_EVENT_TYPES);

/** The link and owner facts of a batch; nothing personal (no e-mail address, no name) is taken. */
export function entityFacts(batch: readonly RecordedEvent[]): EntityFacts {
  const facts: EntityFacts = { links: [], owners: [] };
  for (const recorded of batch) {
    // Clicks, nearly all of a batch, make no fact: no row is begun for them.
    if (!FACT_TYPES.has(recorded.type)) continue;
    const link = linkFact(recorded);
    if (link) facts.links.push(link);
    const owner = ownerFact(recorded);
    if (owner) facts.owners.push(owner);
  }
  return facts;
}
