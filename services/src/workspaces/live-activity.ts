import { domainEventOf, type RecordedEvent, type WorkspaceActivity } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { activityPage } from './activity-page.ts';
import { LABEL_ACTIVITY, LINK_ACTIVITY, WORKSPACE_ACTIVITY } from './activity-sentences.ts';

/** The event types a workspace's activity feed shows, which the live hub follows for the sockets watching it. */
export const ACTIVITY_TYPES: readonly string[] = [...LINK_ACTIVITY, ...WORKSPACE_ACTIVITY, ...LABEL_ACTIVITY];

/** A new entry of one workspace's activity. */
interface NewActivity {
  workspaceId: number;
  entry: WorkspaceActivity['events'][number];
}

const streamId = (prefix: 'link-' | 'workspace-' | 'labels-', stream: string) =>
  stream.startsWith(prefix) && /^[0-9]+$/.test(stream.slice(prefix.length)) ? Number(stream.slice(prefix.length)) : null;

/** The workspace whose activity an event is: its own stream's (or its labels'), or the owner of the link whose stream it is (as the link's creation says, so a deleted link is found too). */
async function workspaceOfEvent(platform: Pick<Platform, 'events'>, recorded: RecordedEvent): Promise<number | null> {
  const workspaceId = streamId('workspace-', recorded.stream) ?? streamId('labels-', recorded.stream);
  if (workspaceId !== null) return workspaceId;
  const linkId = streamId('link-', recorded.stream);
  if (linkId === null) return null;
  const event = domainEventOf(recorded);
  // A creation names its owner itself; any later event's link is looked up by its creation.
  if (event?.type === 'LinkCreated') return event.data.owner_id;
  const [first] = await platform.events.readStream(`link-${linkId}`);
  const created = first ? domainEventOf(first) : null;
  return created?.type === 'LinkCreated' ? created.data.owner_id : null;
}

/**
 * The feed's entry for an event just appended, in the very shape `GET /api/workspaces/{id}/activity`
 * gives it (docs/workspaces.md#live-activity): the page of one entry that ends at this event,
 * read once the read model has applied it (so names are the current ones). Null when the event is
 * no workspace's activity. `watched` says whether anyone watches the workspace, so nobody's
 * events cost a page.
 */
export async function newActivity(
  platform: Pick<Platform, 'events' | 'read'>,
  recorded: RecordedEvent,
  watched: (workspaceId: number) => boolean,
): Promise<NewActivity | null> {
  if (!ACTIVITY_TYPES.includes(recorded.type)) return null;
  const workspaceId = await workspaceOfEvent(platform, recorded);
  if (workspaceId === null || !watched(workspaceId)) return null;
  const page = await activityPage(platform, workspaceId, { limit: 1, before: recorded.position + 1 });
  const entry = page.events[0];
  return entry?.position === recorded.position ? { workspaceId, entry } : null;
}
