import { domainEventOf, type EventFilter, type RecordedEvent, type WorkspaceActivity, type WorkspaceActivityQuery } from '@linkledger/contracts';
import { LINKS, USERS, type LinkView, type UserView } from '@linkledger/projections';
import { notFound } from '../commands/domain-error.ts';
import { evolveRecorded } from '../commands/event-port.ts';
import { evolveEditableLink, evolveLabels, labelsStream, noLabels, type EditableLink, type LabelsState } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { activitySentence, isActivity, LABEL_ACTIVITY, LINK_ACTIVITY, WORKSPACE_ACTIVITY, type ActivityEvent } from './activity-sentences.ts';

export const NO_SUCH_LINK_HERE = 'There is no such link in this workspace.';

/** How many events of the log one page reads at a time, and at most in all before it answers with what it found. */
interface ScanLimits {
  batch: number;
  budget: number;
}
const SCAN_LIMITS: ScanLimits = { batch: 200, budget: 5000 };

type Reading = Pick<Platform, 'events' | 'read'>;

const linkIdOf = (stream: string) => (/^link-[0-9]+$/.test(stream) ? Number(stream.slice('link-'.length)) : null);

/**
 * The link streams a page meets, read once: whose link each is (the read model for a live
 * link, the stream's creation for a deleted one) and, for the workspace's own, the events
 * that give the link as it was before each edit.
 */
function linkStreams(platform: Reading) {
  const owners = new Map<number, number | null>();
  const streams = new Map<number, Promise<RecordedEvent[]>>();
  const streamOf = (linkId: number) => {
    let stream = streams.get(linkId);
    if (!stream) streams.set(linkId, (stream = platform.events.readStream(`link-${linkId}`)));
    return stream;
  };
  return {
    /** Learns the owners of the links not met before. */
    async learnOwners(linkIds: Iterable<number>) {
      const unknown = [...new Set(linkIds)].filter((id) => !owners.has(id));
      if (unknown.length === 0) return;
      const live = await platform.read.getMany<LinkView>(LINKS, unknown);
      await Promise.all(
        unknown.map(async (id) => {
          const view = live.get(String(id));
          if (view) return void owners.set(id, view.owner_id);
          const [first] = await streamOf(id);
          const created = first ? domainEventOf(first) : null;
          owners.set(id, created?.type === 'LinkCreated' ? created.data.owner_id : null);
        }),
      );
    },
    ownerOf: (linkId: number) => owners.get(linkId) ?? null,
    /** The link as it was just before the event at this revision of its stream. */
    async before(linkId: number, revision: number): Promise<EditableLink | null> {
      let state: EditableLink | null = null;
      for (const recorded of await streamOf(linkId)) {
        if (recorded.revision >= revision) break;
        state = evolveRecorded(evolveEditableLink, state, recorded);
      }
      return state;
    },
  };
}

/** The workspace's tags and folders as they were before an event of their stream: its stream read once per page. */
function labelsHistory(platform: Reading, workspaceId: number) {
  let stream: Promise<RecordedEvent[]> | undefined;
  return async (revision: number): Promise<LabelsState> => {
    let state = noLabels;
    for (const recorded of await (stream ??= platform.events.readStream(labelsStream(workspaceId)))) {
      if (recorded.revision >= revision) break;
      const event = domainEventOf(recorded);
      if (event) state = evolveLabels(state, event);
    }
    return state;
  };
}

/** Users' names as members see them: the username now, "deleted account" once it is gone. */
async function namesOf(platform: Reading, userIds: Iterable<number>) {
  const users = await platform.read.getMany<UserView>(USERS, [...new Set(userIds)]);
  return (userId: number) => {
    const user = users.get(String(userId));
    return user && user.status !== 'deleted' ? user.username : 'deleted account';
  };
}

/** The user ids a sentence names beside its actor. */
function subjectsOf(event: ActivityEvent): number[] {
  switch (event.type) {
    case 'WorkspaceInviteAccepted':
    case 'WorkspaceMemberRoleChanged':
    case 'WorkspaceMemberRemoved':
      return [event.data.user_id];
    case 'WorkspaceOwnershipTransferred':
      return [event.data.to_user_id];
    case 'WorkspaceApiKeyRevoked':
      return [event.data.creator_id];
    default:
      return [];
  }
}

/**
 * One page of a workspace's activity, newest first (docs/workspaces.md#activity): the events
 * of its own stream and of the links it owns, read from the log backward. Other workspaces'
 * link events are read past, up to a budget per page: a page may then hold fewer entries than
 * the limit, and `older` says where to go on.
 */
export async function activityPage(
  platform: Reading,
  workspaceId: number,
  /** `withoutLinks`: for a reader who may not read links (a billing member, a key without `links:read`), the workspace's own events only. */
  query: WorkspaceActivityQuery & { withoutLinks?: boolean },
  { batch: BATCH, budget }: ScanLimits = SCAN_LIMITS,
): Promise<WorkspaceActivity> {
  const workspaceStream = `workspace-${workspaceId}`;
  // Tags and folders organize links: a reader who may not read links does not see them either.
  const labelStream = labelsStream(workspaceId);
  const links = linkStreams(platform);
  const labelsBefore = labelsHistory(platform, workspaceId);
  if (query.link !== undefined) {
    if (query.withoutLinks) throw notFound(NO_SUCH_LINK_HERE);
    await links.learnOwners([query.link]);
    if (links.ownerOf(query.link) !== workspaceId) throw notFound(NO_SUCH_LINK_HERE);
  }
  const streams = query.withoutLinks ? { stream: workspaceStream } : { streamPrefixes: ['link-', workspaceStream, labelStream] };
  const filter: EventFilter = {
    types: query.link !== undefined ? LINK_ACTIVITY : query.withoutLinks ? WORKSPACE_ACTIVITY : [...LINK_ACTIVITY, ...WORKSPACE_ACTIVITY, ...LABEL_ACTIVITY],
    ...(query.link === undefined ? streams : { stream: `link-${query.link}` }),
    ...(query.member !== undefined && { actorId: String(query.member) }),
  };
  const ours = (recorded: RecordedEvent) => {
    // Moderation names no admin, so it is nobody's to filter by.
    if (query.member !== undefined && (recorded.metadata.actor.kind !== 'user' || recorded.type === 'LinkModerated')) return false;
    const linkId = linkIdOf(recorded.stream);
    return linkId === null ? recorded.stream === workspaceStream || recorded.stream === labelStream : links.ownerOf(linkId) === workspaceId;
  };

  const found: { recorded: RecordedEvent; event: ActivityEvent }[] = [];
  let before = query.before;
  let scanned = 0;
  let exhausted = false;
  while (found.length < query.limit && scanned < budget) {
    const batch = await platform.events.readAll({ before, direction: 'backward', limit: BATCH, filter });
    scanned += batch.length;
    await links.learnOwners(batch.flatMap((recorded) => linkIdOf(recorded.stream) ?? []));
    for (const recorded of batch) {
      before = recorded.position;
      const event = domainEventOf(recorded);
      if (ours(recorded) && isActivity(event) && found.push({ recorded, event }) === query.limit) break;
    }
    if (batch.length < BATCH && found.length < query.limit) {
      exhausted = true;
      break;
    }
  }
  const more = !exhausted && before !== undefined && (await platform.events.readAll({ before, direction: 'backward', limit: 1, filter })).length > 0;

  const nameOf = await namesOf(platform, [
    ...found.flatMap(({ recorded }) => (recorded.metadata.actor.kind === 'user' ? [Number(recorded.metadata.actor.id)] : [])),
    ...found.flatMap(({ event }) => subjectsOf(event)),
  ]);
  const events = await Promise.all(
    found.map(async ({ recorded, event }) => {
      const linkId = linkIdOf(recorded.stream);
      const { actor: by } = recorded.metadata;
      // Moderation is the platform's, not a member's: the admin who did it is not named.
      const actor =
        event.type === 'LinkModerated' || (by.kind !== 'user' && by.kind !== 'api_key')
          ? null
          : { kind: by.kind, id: by.id, name: by.kind === 'api_key' ? 'API key' : nameOf(Number(by.id)) };
      const linkBefore = linkId === null ? null : await links.before(linkId, recorded.revision);
      const labels = recorded.stream === labelStream ? { labelsBefore: await labelsBefore(recorded.revision) } : {};
      return {
        position: recorded.position,
        at: recorded.metadata.at,
        type: recorded.type,
        actor,
        link_id: linkId,
        summary: activitySentence(event, { actor: actor?.name ?? null, linkBefore, nameOf, ...labels }),
      };
    }),
  );
  return { events, older: more && before !== undefined ? before : null };
}
