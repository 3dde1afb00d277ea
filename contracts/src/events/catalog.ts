import type { z } from 'zod';
import type { RecordedEvent } from '../ports/event-store.ts';
import { accountEvents } from './accounts.ts';
import { analystEvents } from './analysts.ts';
import { apiKeyEvents } from './api-keys.ts';
import { billingEvents } from './billing.ts';
import { claimEvents } from './claims.ts';
import { linkEvents } from './links.ts';
import { paymentEvents } from './payments.ts';
import { domainEvents } from './domains.ts';
import { projectionEvents } from './projections.ts';
import { notificationEvents } from './notifications.ts';
import { supportEvents } from './support.ts';
import { settingsEvents } from './settings.ts';
import { secondFactorEvents } from './second-factor.ts';
import { mailEvents } from './mail.ts';
import { workspaceEvents } from './workspaces.ts';
import { workspaceApiKeyEvents } from './workspace-api-keys.ts';
import { qrLogoEvents } from './qr-logos.ts';
import { linkLabelEvents } from './link-labels.ts';
import { utmTemplateEvents } from './utm-templates.ts';
import { reportEvents } from './reports.ts';
import { importEvents } from './imports.ts';
import { brandingEvents } from './branding.ts';
import { bioPageEvents } from './bio-pages.ts';
import { surveyEvents } from './surveys.ts';
import { webhookEvents } from './webhooks.ts';
import { analyticsPurgeEvents } from './analytics-purges.ts';

/**
 * Every event type with its schema per version, gathered from each feature's events file.
 * An event is stored with its version; reading always upcasts to the latest shape, so the
 * log is never rewritten. The latest version of each type is the one listed last.
 */
const versions = {
  ...accountEvents,
  ...apiKeyEvents,
  ...linkEvents,
  ...claimEvents,
  ...billingEvents,
  ...paymentEvents,
  ...domainEvents,
  ...projectionEvents,
  ...analyticsPurgeEvents,
  ...analystEvents,
  ...notificationEvents,
  ...supportEvents,
  ...settingsEvents,
  ...secondFactorEvents,
  ...mailEvents,
  ...workspaceEvents,
  ...workspaceApiKeyEvents,
  ...qrLogoEvents,
  ...linkLabelEvents,
  ...utmTemplateEvents,
  ...reportEvents,
  ...importEvents,
  ...brandingEvents,
  ...bioPageEvents,
  ...surveyEvents,
  ...webhookEvents,
} as const;

export type EventType = keyof typeof versions;

type Latest<T extends EventType> = z.infer<(typeof versions)[T][1]>;
export type EventData = { [T in EventType]: Latest<T> };

/** A domain event as deciders produce it, before it is stored. */
export type DomainEvent = { [T in EventType]: { type: T; data: EventData[T] } }[EventType];

/** The version new events are written with: the highest one of each type. */
export const currentVersion = Object.fromEntries(
  Object.entries(versions).map(([type, byVersion]) => [type, Math.max(...Object.keys(byVersion).map(Number))]),
) as Record<EventType, number>;

function isEventType(type: string): type is EventType {
  return Object.hasOwn(versions, type);
}

/** Validates stored data against the schema of its version and brings it to the latest shape. */
function upcast(type: string, version: number, data: unknown): DomainEvent | null {
  if (!isEventType(type)) return null;
  const schema = (versions[type] as Record<number, z.ZodType>)[version];
  if (!schema) throw new Error(`Unknown version ${version} of event ${type}`);
  // Only version 1 exists today; later versions add a step here per version.
  return { type, data: schema.parse(data) } as DomainEvent;
}

/** Where a recorded event keeps its parsed domain event (a symbol: invisible to JSON and to spreading by name). */
const PARSED = Symbol('linkledger.parsed');
type Parsed = RecordedEvent & { [PARSED]?: DomainEvent | null };

/**
 * The domain event a recorded event holds, validated and in its latest shape, or null for a
 * type this version does not know. Parsed once per recorded event and kept on it: the
 * subscribers that share one (projectors, live hub, link cache) share the parse too. (A
 * property rather than a WeakMap: millions of short-lived weak keys cost the GC more.)
 */
export function domainEventOf(recorded: RecordedEvent): DomainEvent | null {
  const cached = recorded as Parsed;
  let event = cached[PARSED];
  if (event === undefined) {
    event = upcast(recorded.type, recorded.version, recorded.data);
    if (Object.isExtensible(recorded)) cached[PARSED] = event;
  }
  return event;
}
