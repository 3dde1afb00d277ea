import { z } from 'zod';
import { Actor } from '../events/metadata.ts';

/** An ISO time, or a position in the log written as a whole number. */
const Position = z.coerce.number({ message: 'must be a position in the log (a whole number)' }).int('must be a whole number').min(0, 'must be 0 or more');
const IsoTime = z.iso.datetime({ offset: true, message: 'must be an ISO time such as 2026-11-23T09:00:00Z' });

/**
 * Filters of the event history (docs/admin.md#event-history); all that are given must hold.
 * `before`/`after` are cursors (global positions): the page older than `before`, or newer
 * than `after`; neither: the newest page.
 */
export const EventsQuery = z.strictObject({
  stream: z.string().trim().min(1).max(200).optional(),
  category: z
    .string()
    .trim()
    .regex(/^[a-z][a-z0-9-]*$/, 'must be a stream category such as link, user or clicks')
    .max(60)
    .optional(),
  type: z
    .string()
    .trim()
    .regex(/^[A-Za-z][A-Za-z0-9]*(,[A-Za-z][A-Za-z0-9]*)*$/, 'must be one event type or several separated by commas, such as LinkUpdated,LinkDeleted')
    .max(500)
    .optional(),
  actor: z.string().trim().min(1).max(200).optional(),
  correlation: z.string().trim().min(1).max(200).optional(),
  from: IsoTime.optional(),
  to: IsoTime.optional(),
  include_clicks: z.enum(['true', 'false']).optional(),
  before: Position.optional(),
  after: Position.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type EventsQuery = z.infer<typeof EventsQuery>;

export const HistoryEvent = z.object({
  position: z.number().int(),
  stream: z.string(),
  revision: z.number().int(),
  type: z.string(),
  version: z.number().int(),
  at: z.string(),
  actor: Actor,
  correlation_id: z.string(),
  causation_id: z.string(),
  origin: z.object({ route: z.string().optional(), user_agent: z.string().optional() }).nullable(),
  /** One line a person can read: what happened. */
  summary: z.string(),
  /** The event's data with secrets redacted; a click's is reduced to what is not personal. */
  data: z.unknown(),
});
export type HistoryEvent = z.infer<typeof HistoryEvent>;

/** Newest first; `older`/`newer`: the cursors of the next pages, null at either end. */
export const EventPage = z.object({
  events: z.array(HistoryEvent),
  older: z.number().int().nullable(),
  newer: z.number().int().nullable(),
});
export type EventPage = z.infer<typeof EventPage>;

export const EntityKind = z.enum(['user', 'link', 'subscription', 'domain'], { message: 'must be user, link, subscription or domain' });
export type EntityKind = z.infer<typeof EntityKind>;
export const EntityParams = z.object({
  kind: EntityKind,
  id: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').positive('must be a positive whole number'),
});

export const FieldChange = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type FieldChange = z.infer<typeof FieldChange>;

export const TimelineEntry = HistoryEvent.omit({ data: true, stream: true }).extend({
  /** The fields of the entity's state this event changed ([] when it changed none). */
  changes: z.array(FieldChange),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;

/** Entity state as folded by the command path's `evolve`, secrets redacted; null before it existed. */
const EntityStateValue = z.record(z.string(), z.unknown()).nullable();

export const Timeline = z.object({
  kind: EntityKind,
  id: z.number().int(),
  stream: z.string(),
  /** Oldest first. */
  entries: z.array(TimelineEntry),
  state: EntityStateValue,
});
export type Timeline = z.infer<typeof Timeline>;

export const StateAtQuery = z.strictObject({
  at: z
    .string()
    .refine(
      (value) => /^\d+$/.test(value) || IsoTime.safeParse(value).success,
      'must be an ISO time such as 2026-11-23T09:00:00Z or a position in the log (a whole number)',
    )
    .transform((value) => (/^\d+$/.test(value) ? Number(value) : value))
    .optional(),
});

export const EntityStateAt = z.object({
  kind: EntityKind,
  id: z.number().int(),
  /** The last event folded (its position, revision and time), or null when none was. */
  as_of: z.object({ position: z.number().int(), revision: z.number().int(), at: z.string() }).nullable(),
  state: EntityStateValue,
});
export type EntityStateAt = z.infer<typeof EntityStateAt>;

/** What the live tail of the history listens to: the browser's filters, without time or cursors. */
export const EventTailFilter = EventsQuery.pick({ stream: true, category: true, type: true, actor: true, correlation: true, include_clicks: true });
export type EventTailFilter = z.infer<typeof EventTailFilter>;

/** Messages on the /api/admin/events/live websocket (docs/admin.md#event-history). */
export const EventTailClientMessage = z.object({ type: z.literal('auth'), token: z.string(), filter: EventTailFilter.default({}) });
export type EventTailClientMessage = z.input<typeof EventTailClientMessage>;

export const EventTailServerMessage = z.discriminatedUnion('type', [
  /** `head`: the position the tail starts after. */
  z.object({ type: z.literal('ready'), head: z.number().int() }),
  z.object({ type: z.literal('error'), detail: z.string() }),
  /** Oldest first; `skipped`: events of a burst left out to keep the page light (the browser can page to them). */
  z.object({ type: z.literal('events'), events: z.array(HistoryEvent), skipped: z.number().int() }),
]);
export type EventTailServerMessage = z.infer<typeof EventTailServerMessage>;
