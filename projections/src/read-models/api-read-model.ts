import type { DomainEvent, EventType, RecordedEvent } from '@linkledger/contracts';
import { apiKeyHandlers, apiKeyIndexes } from './api-keys.ts';
import { billingHandlers, billingIndexes, prefetchBilling } from './billing.ts';
import { paymentHandlers, paymentIndexes } from './payments.ts';
import { domainHandlers, domainIndexes } from './domains.ts';
import type { ReadModelHandlers, ReadModelPrefetch, UpcastEvent } from './handlers.ts';
import { linkHandlers, linkIndexes, prefetchLinks } from './links.ts';
import { notificationHandlers, notificationIndexes, prefetchNotifications } from './notifications.ts';
import type { ReadModelProjector } from './read-model-target.ts';
import { sessionHandlers, sessionIndexes } from './sessions.ts';
import { owedMailHandlers, owedMailIndexes } from './owed-mail.ts';
import { prefetchSupport, supportHandlers, supportIndexes } from './support.ts';
import type { UnitOfWork } from './unit-of-work.ts';
import { prefetchUsers, userHandlers, userIndexes } from './users.ts';
import { prefetchUserSessions, userSessionHandlers, userSessionIndexes } from './user-sessions.ts';
import { workspaceHandlers, workspaceIndexes } from './workspaces.ts';
import { workspaceApiKeyHandlers, workspaceApiKeyIndexes } from './workspace-api-keys.ts';
import { linkLabelHandlers, linkLabelIndexes } from './link-labels.ts';
import { utmTemplateHandlers, utmTemplateIndexes } from './utm-templates.ts';
import { surveyHandlers, surveyIndexes } from './surveys.ts';
import { reportScheduleHandlers, reportScheduleIndexes } from './report-schedules.ts';

export * from './users.ts';
export * from './user-sessions.ts';
export * from './links.ts';
export * from './api-keys.ts';
export * from './billing.ts';
export * from './payments.ts';
export * from './domains.ts';
export * from './notifications.ts';
export * from './support.ts';
export * from './owed-mail.ts';
export * from './workspaces.ts';
export * from './workspace-api-keys.ts';
export * from './link-labels.ts';
export * from './utm-templates.ts';
export * from './surveys.ts';
export * from './report-schedules.ts';

/**
 * Everything the API reads (users, sessions, links and their totals, API keys, plans and
 * usage): each feature contributes its handlers and indexes here. One projector (one
 * checkpoint) keeps "read your writes" a single wait.
 */
const features: { handlers: ReadModelHandlers; indexes: Record<string, readonly (readonly string[])[]>; prefetch?: ReadModelPrefetch }[] = [
  { handlers: userHandlers, indexes: userIndexes, prefetch: prefetchUsers },
  { handlers: linkHandlers, indexes: linkIndexes, prefetch: prefetchLinks },
  { handlers: sessionHandlers, indexes: sessionIndexes },
  { handlers: userSessionHandlers, indexes: userSessionIndexes, prefetch: prefetchUserSessions },
  { handlers: apiKeyHandlers, indexes: apiKeyIndexes },
  { handlers: billingHandlers, indexes: billingIndexes, prefetch: prefetchBilling },
  { handlers: paymentHandlers, indexes: paymentIndexes },
  { handlers: domainHandlers, indexes: domainIndexes },
  { handlers: notificationHandlers, indexes: notificationIndexes, prefetch: prefetchNotifications },
  { handlers: supportHandlers, indexes: supportIndexes, prefetch: prefetchSupport },
  { handlers: owedMailHandlers, indexes: owedMailIndexes },
  { handlers: workspaceHandlers, indexes: workspaceIndexes },
  { handlers: workspaceApiKeyHandlers, indexes: workspaceApiKeyIndexes },
  { handlers: linkLabelHandlers, indexes: linkLabelIndexes },
  { handlers: utmTemplateHandlers, indexes: utmTemplateIndexes },
  { handlers: surveyHandlers, indexes: surveyIndexes },
  { handlers: reportScheduleHandlers, indexes: reportScheduleIndexes },
];

type AnyHandler = (data: unknown, recorded: RecordedEvent, tx: UnitOfWork) => void | Promise<void>;
const byType = new Map<EventType, AnyHandler[]>();
for (const { handlers } of features) {
  for (const [type, handler] of Object.entries(handlers) as [EventType, AnyHandler][]) {
    byType.set(type, [...(byType.get(type) ?? []), handler]);
  }
}

export const apiReadModel: ReadModelProjector = {
  // The name its checkpoint was first stored under: renaming it would make every existing
  // installation replay the whole log into read models that already hold it.
  name: 'accounts-links',
  collections: Object.assign({}, ...features.map((f) => f.indexes)),
  handles: [...byType.keys()],
  async prefetch(batch: readonly UpcastEvent[], tx: UnitOfWork) {
    for (const { prefetch } of features) await prefetch?.(batch, tx);
  },
  async apply(event: DomainEvent, recorded: RecordedEvent, tx: UnitOfWork) {
    for (const handler of byType.get(event.type) ?? []) await handler(event.data, recorded, tx);
  },
};
