import { describe, it } from 'vitest';
import { WEBHOOKS_MAX, type DomainEvent, type WebhookEventType } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { CLICKS_NEED_LINKS, DISABLED_AFTER_FAILURES, TOO_MANY_WEBHOOKS, WEBHOOK_NOT_FOUND, notALink, webhooksDecider } from './webhook-deciders.ts';

const webhooks = deciderSpec(webhooksDecider);

const created = (id: number, events: WebhookEventType[] = ['link.created'], linkIds: number[] = []): DomainEvent => ({
  type: 'WebhookCreated',
  data: {
    workspace_id: 40,
    webhook_id: id,
    name: `Hook ${id}`,
    url: 'https://hooks.example.com/in',
    events,
    link_ids: linkIds,
    secret_sealed: 'v1.sealed',
    secret_hint: 'abcd',
    heard_after: 17,
  },
});
const create = (events: WebhookEventType[], linkIds: number[] = [], workspaceLinkIds: number[] = linkIds) => ({
  kind: 'create' as const,
  workspaceId: 40,
  name: 'Hook 1',
  url: 'https://hooks.example.com/in',
  events,
  linkIds,
  workspaceLinkIds,
  secretSealed: 'v1.sealed',
  secretHint: 'abcd',
  heardAfter: 17,
});
const disable = (webhookId: number) => ({ kind: 'disable' as const, workspaceId: 40, webhookId, reason: DISABLED_AFTER_FAILURES });

describe('webhooks (given the workspace’s webhooks, when one is created, changed, deleted or switched off, then …)', () => {
  it('given none, when one is created, then it gets the first id and hears after the position it was created at', () => {
    webhooks
      .given([])
      .when(create(['link.created']))
      .then([created(1)]);
  });

  it('given as many as allowed, when another is created, then it is refused', () => {
    const full = Array.from({ length: WEBHOOKS_MAX }, (_unused, index) => created(index + 1));
    webhooks
      .given(full)
      .when(create(['link.created']))
      .thenThrows(TOO_MANY_WEBHOOKS);
  });

  it('clicks are heard only for chosen links, and only for links of the workspace', () => {
    webhooks
      .given([])
      .when(create(['link.clicked']))
      .thenThrows(CLICKS_NEED_LINKS);
    webhooks
      .given([])
      .when(create(['link.clicked'], [5, 6], [5]))
      .thenThrows(notALink(6));
    webhooks
      .given([])
      .when(create(['link.clicked'], [5]))
      .then([created(1, ['link.clicked'], [5])]);
  });

  it('given a webhook, when it is edited, then only what changed is recorded; an edit that changes nothing records nothing', () => {
    const edit = (changes: object) => ({ kind: 'update' as const, workspaceId: 40, webhookId: 1, changes, workspaceLinkIds: [] });
    webhooks
      .given([created(1)])
      .when(edit({ name: 'Renamed', url: 'https://hooks.example.com/in' }))
      .then([{ type: 'WebhookUpdated', data: { workspace_id: 40, webhook_id: 1, changes: { name: 'Renamed' } } }]);
    webhooks
      .given([created(1)])
      .when(edit({ name: 'Hook 1', enabled: true }))
      .then([]);
    webhooks
      .given([created(1)])
      .when(edit({ events: ['link.clicked'] }))
      .thenThrows(CLICKS_NEED_LINKS);
    webhooks
      .given([])
      .when(edit({ name: 'X' }))
      .thenThrows(WEBHOOK_NOT_FOUND);
  });

  it('given an enabled webhook, when the deliveries switch it off, then once; a disabled one can be switched back on', () => {
    const disabled: DomainEvent = { type: 'WebhookDisabled', data: { workspace_id: 40, webhook_id: 1, reason: DISABLED_AFTER_FAILURES } };
    webhooks
      .given([created(1)])
      .when(disable(1))
      .then([disabled]);
    webhooks
      .given([created(1), disabled])
      .when(disable(1))
      .then([]);
    webhooks
      .given([created(1), disabled])
      .when({ kind: 'update', workspaceId: 40, webhookId: 1, changes: { enabled: true }, workspaceLinkIds: [] })
      .then([{ type: 'WebhookUpdated', data: { workspace_id: 40, webhook_id: 1, changes: { enabled: true } } }]);
  });

  it('given a webhook, when it is deleted, then it is gone and its id is not given again', () => {
    const deleted: DomainEvent = { type: 'WebhookDeleted', data: { workspace_id: 40, webhook_id: 1 } };
    webhooks
      .given([created(1)])
      .when({ kind: 'delete', workspaceId: 40, webhookId: 1 })
      .then([deleted]);
    webhooks
      .given([created(1), deleted])
      .when({ kind: 'delete', workspaceId: 40, webhookId: 1 })
      .thenThrows(WEBHOOK_NOT_FOUND);
    webhooks
      .given([created(1), deleted])
      .when(create(['link.created']))
      .then([{ ...created(2), data: { ...(created(2).data as object), name: 'Hook 1' } } as DomainEvent]);
  });
});
