import { secondLabel } from '../../../format/dates.ts';
import type { EntityKind, HistoryEvent } from '@linkledger/contracts';

type Actor = HistoryEvent['actor'];

const ACTOR_KINDS: Record<Actor['kind'], string> = { user: 'User', api_key: 'API key', visitor: 'Visitor', analyst: 'Analyst', system: 'System' };
const ENTITY_NAMES: Record<EntityKind, string> = { link: 'Link', user: 'User', subscription: 'Subscription', domain: 'Custom domain' };

/** Who acted, in words: "User 5", "API key 3", "System mailer"; a visitor's id is never shown (the server redacts it). */
export const actorLabel = (actor: Actor) => (actor.kind === 'visitor' || !actor.id ? ACTOR_KINDS[actor.kind] : `${ACTOR_KINDS[actor.kind]} ${actor.id}`);

/** Whether the actor's id can filter the history (a visitor's is redacted). */
export const isFilterableActor = (actor: Actor) => actor.kind !== 'visitor' && actor.id !== '';

export const entityKindName = (kind: EntityKind) => ENTITY_NAMES[kind];
/** "Link 12", "Subscription 3". */
export const entityLabel = (kind: EntityKind, id: number) => `${ENTITY_NAMES[kind]} ${id}`;

/** An event's time as the lists show it, in the viewer's time zone, to the second. */
export const timeLabel = secondLabel;

/**
 * A field's value as one line of text (never markup): strings as they are, no value in
 * words, anything else as compact JSON.
 */
export function valueText(value: unknown): string {
  if (value === undefined) return '(not set)';
  if (value === null) return '(none)';
  if (value === '') return '(empty)';
  if (typeof value === 'string') return value;
  return JSON.stringify(value);
}

/** Pretty JSON of an event's data, for a <pre> (React escapes it). */
export function prettyJson(value: unknown): string {
  return JSON.stringify(value, null, 2) ?? String(value);
}
