import type { z } from 'zod';
import { UserRegisteredV1 } from './accounts.ts';
import { EmailClaimedV1, IdAllocatedV1, ShortCodeClaimedV1, SuperAdminAssignedV1 } from './claims.ts';
import { ClickedV1, LinkCreatedV1, LinkDeletedV1, LinkUpdatedV1 } from './links.ts';

/**
 * Every event type with its schema per version. An event is stored with its version;
 * reading always upcasts to the latest shape, so the log is never rewritten.
 */
const versions = {
  UserRegistered: { 1: UserRegisteredV1 },
  LinkCreated: { 1: LinkCreatedV1 },
  LinkUpdated: { 1: LinkUpdatedV1 },
  LinkDeleted: { 1: LinkDeletedV1 },
  Clicked: { 1: ClickedV1 },
  ShortCodeClaimed: { 1: ShortCodeClaimedV1 },
  EmailClaimed: { 1: EmailClaimedV1 },
  IdAllocated: { 1: IdAllocatedV1 },
  SuperAdminAssigned: { 1: SuperAdminAssignedV1 },
} as const;

export type EventType = keyof typeof versions;
export const eventTypes = Object.keys(versions) as EventType[];

type Latest<T extends EventType> = z.infer<(typeof versions)[T][1]>;
export type EventData = { [T in EventType]: Latest<T> };

/** A domain event as deciders produce it, before it is stored. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData[T] } }[EventType];

/** The version new events are written with: the highest one of each type. */
export const currentVersion = Object.fromEntries(
  Object.entries(versions).map(([type, byVersion]) => [type, Math.max(...Object.keys(byVersion).map(Number))]),
) as Record<EventType, number>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(versions, type);
}

/** Validates stored data against the schema of its version and brings it to the latest shape. */
export function upcast(type: string, version: number, data: unknown): DomainEvent | null {
  if (!isEventType(type)) return null;
  const schema = (versions[type] as Record<number, z.ZodType>)[version];
  if (!schema) throw new Error(`Unknown version ${version} of event ${type}`);
  // Only version 1 exists today; later versions add a step here per version.
  return { type, data: schema.parse(data) } as DomainEvent;
}
