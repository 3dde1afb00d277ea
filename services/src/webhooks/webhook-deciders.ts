import { WEBHOOK_FAILURES_BEFORE_DISABLED, WEBHOOKS_MAX, type DomainEvent, type EventData, type WebhookEventType } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import { evolveWebhooks, noWebhooks, webhooksStream, type WebhooksState } from './webhook-state.ts';

export const WEBHOOK_NOT_FOUND = 'There is no such webhook in this workspace.';
export const TOO_MANY_WEBHOOKS = `This workspace already has ${WEBHOOKS_MAX} webhooks, the most it may: delete one to add another.`;
export const CLICKS_NEED_LINKS = 'Choose at least one link whose clicks this webhook hears: clicks are sent only for the links you choose.';
export const notALink = (linkId: number) => `Link ${linkId} is not a link of this workspace.`;
export const DISABLED_AFTER_FAILURES = `${WEBHOOK_FAILURES_BEFORE_DISABLED} deliveries in a row failed`;

/** What a creation brings, minted before it is decided: the sealed secret and the log position it hears after. */
interface CreateWebhook {
  kind: 'create';
  workspaceId: number;
  name: string;
  url: string;
  events: readonly WebhookEventType[];
  linkIds: readonly number[];
  /** Which of `linkIds` are links of the workspace (looked up before deciding). */
  workspaceLinkIds: readonly number[];
  secretSealed: string;
  secretHint: string;
  heardAfter: number;
}

interface UpdateWebhook {
  kind: 'update';
  workspaceId: number;
  webhookId: number;
  changes: { name?: string; url?: string; events?: readonly WebhookEventType[]; linkIds?: readonly number[]; enabled?: boolean };
  workspaceLinkIds: readonly number[];
}

interface DeleteWebhook {
  kind: 'delete';
  workspaceId: number;
  webhookId: number;
}

/** The deliveries switch a webhook off after too many failures in a row. */
interface DisableWebhook {
  kind: 'disable';
  workspaceId: number;
  webhookId: number;
  reason: string;
}

type WebhookCommand = CreateWebhook | UpdateWebhook | DeleteWebhook | DisableWebhook;

function refuseForeignLinks(linkIds: readonly number[], workspaceLinkIds: readonly number[]): void {
  const foreign = linkIds.find((linkId) => !workspaceLinkIds.includes(linkId));
  if (foreign !== undefined) throw invalid(notALink(foreign), 'link_ids');
}

function refuseClicksWithoutLinks(events: readonly WebhookEventType[], linkIds: readonly number[]): void {
  if (events.includes('link.clicked') && linkIds.length === 0) throw invalid(CLICKS_NEED_LINKS, 'link_ids');
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

function decideCreate(command: CreateWebhook, state: WebhooksState): DomainEvent[] {
  if (Object.keys(state.webhooks).length >= WEBHOOKS_MAX) throw conflict(TOO_MANY_WEBHOOKS);
  const linkIds = unique(command.linkIds);
  refuseForeignLinks(linkIds, command.workspaceLinkIds);
  refuseClicksWithoutLinks(command.events, linkIds);
  const data: EventData['WebhookCreated'] = {
    workspace_id: command.workspaceId,
    webhook_id: state.lastId + 1,
    name: command.name,
    url: command.url,
    events: unique(command.events),
    link_ids: linkIds,
    secret_sealed: command.secretSealed,
    secret_hint: command.secretHint,
    heard_after: command.heardAfter,
  };
  return [{ type: 'WebhookCreated', data }];
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((value, index) => value === b[index]);

/** Records only what really changes; switching on a webhook that is on records nothing. */
function decideUpdate(command: UpdateWebhook, state: WebhooksState): DomainEvent[] {
  const current = state.webhooks[command.webhookId];
  if (!current) throw notFound(WEBHOOK_NOT_FOUND);
  const { name, url, events, linkIds, enabled } = command.changes;
  const changes: EventData['WebhookUpdated']['changes'] = {};
  if (name !== undefined && name !== current.name) changes.name = name;
  if (url !== undefined && url !== current.url) changes.url = url;
  if (events !== undefined && !sameList(unique(events), current.events)) changes.events = unique(events);
  if (linkIds !== undefined && !sameList(unique(linkIds), current.linkIds)) changes.link_ids = unique(linkIds);
  if (enabled !== undefined && enabled !== current.enabled) changes.enabled = enabled;
  if (changes.link_ids) refuseForeignLinks(changes.link_ids, command.workspaceLinkIds);
  refuseClicksWithoutLinks(changes.events ?? current.events, changes.link_ids ?? current.linkIds);
  if (Object.keys(changes).length === 0) return [];
  return [{ type: 'WebhookUpdated', data: { workspace_id: command.workspaceId, webhook_id: command.webhookId, changes } }];
}

function decideDelete(command: DeleteWebhook, state: WebhooksState): DomainEvent[] {
  if (!state.webhooks[command.webhookId]) throw notFound(WEBHOOK_NOT_FOUND);
  return [{ type: 'WebhookDeleted', data: { workspace_id: command.workspaceId, webhook_id: command.webhookId } }];
}

/** Once: a webhook already off (or gone) is left as it is. */
function decideDisable(command: DisableWebhook, state: WebhooksState): DomainEvent[] {
  const current = state.webhooks[command.webhookId];
  if (!current?.enabled) return [];
  return [{ type: 'WebhookDisabled', data: { workspace_id: command.workspaceId, webhook_id: command.webhookId, reason: command.reason } }];
}

/** A workspace's webhooks live on one stream: a webhook is checked against its siblings (the limit). */
export const webhooksDecider: Decider<WebhookCommand, WebhooksState> = {
  streamOf: (command) => webhooksStream(command.workspaceId),
  initialState: noWebhooks,
  evolve: evolveWebhooks,
  decide: (command, state) => {
    if (command.kind === 'create') return decideCreate(command, state);
    if (command.kind === 'update') return decideUpdate(command, state);
    if (command.kind === 'delete') return decideDelete(command, state);
    return decideDisable(command, state);
  },
};
