import type { EventStore, WebhookReplayStarted } from '@linkledger/contracts';
import type { CommandContext } from '../commands/command-context.ts';
import { recordFact } from '../commands/record-fact.ts';
import { firstShownDay } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { queuedStep, recordStep, wants } from './webhook-deliveries.ts';
import { HEARD_TYPES, heardEvent, workspaceOfLinkFrom } from './webhook-payload.ts';
import { deliveriesStream, type WebhookSettings } from './webhook-state.ts';

const BATCH = 500;
/** The most events one replay queues (docs/webhooks.md#replay): the answer's `to_position` says where to go on from. */
const REPLAY_CAP = 10_000;

/** The position a replay starts after: a log position is the first one replayed; a time, the first event at or after it. */
async function replayAfter(events: EventStore, from: string, head: number): Promise<number> {
  if (/^\d+$/.test(from)) return Math.min(Math.max(0, Number(from) - 1), head);
  const [first] = await events.readAll({ limit: 1, filter: { from: new Date(Date.parse(from)).toISOString() } });
  return first ? first.position - 1 : head;
}

/**
 * Queues every event the webhook hears between the starting point and the log's head now,
 * marked as a replay, in log order, with the events' own ids (docs/webhooks.md#replay): the
 * deliverer sends them as it sends the rest, each link's after what it already owes. A click
 * older than the workspace's analytics retention is not sent again; at `cap` events the replay
 * stops and answers the last position it queued.
 */
export async function replayWebhook(
  platform: Pick<Platform, 'events' | 'clock' | 'read'>,
  context: CommandContext,
  workspaceId: number,
  webhook: WebhookSettings,
  from: string,
  cap = REPLAY_CAP,
): Promise<WebhookReplayStarted> {
  const { events } = platform;
  const head = await events.headPosition();
  const start = await replayAfter(events, from, head);
  const { firstDay } = await firstShownDay(platform, workspaceId);
  const workspaceOfLink = workspaceOfLinkFrom(events);
  let queued = 0;
  let through = head;
  replaying: for (let after = start; after < head;) {
    const batch = await events.readAll({ after, before: head + 1, limit: BATCH, filter: { types: HEARD_TYPES } });
    for (const recorded of batch) {
      const heard = await heardEvent(recorded, workspaceOfLink);
      if (!heard || !wants(webhook, workspaceId, heard)) continue;
      if (heard.type === 'link.clicked' && firstDay !== undefined && recorded.metadata.at.slice(0, 10) < firstDay) continue;
      await recordStep(events, context, queuedStep(workspaceId, webhook.id, recorded, heard, true));
      queued++;
      if (queued === cap) {
        through = recorded.position;
        break replaying;
      }
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.position;
  }
  await recordFact(events, context, {
    stream: deliveriesStream(workspaceId, webhook.id),
    event: {
      type: 'WebhookReplayRequested',
      data: { workspace_id: workspaceId, webhook_id: webhook.id, from_position: start + 1, to_position: through, events: queued },
    },
  });
  return { events: queued, from_position: String(start + 1), to_position: String(through) };
}
