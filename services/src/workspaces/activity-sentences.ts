import type { DomainEvent, EventType } from '@linkledger/contracts';
import type { EditableLink, LabelsState } from '../links/index.ts';
import { controlClauses } from './link-control-sentences.ts';
import { LABEL_ACTIVITY, labelSentence, type LabelActivityEvent } from './label-sentences.ts';

export { LABEL_ACTIVITY };

/**
 * The events a workspace's activity shows (docs/workspaces.md#activity). Clicks are not
 * activity (there are far too many); a link's placement and an invite's token are plumbing.
 */
export const LINK_ACTIVITY = [
  'LinkCreated',
  'LinkUpdated',
  'LinkDeleted',
  'LinkModerated',
  'LinkExpired',
  'LinkVariantPromoted',
] as const satisfies readonly EventType[];
export const WORKSPACE_ACTIVITY = [
  'WorkspaceCreated',
  'WorkspaceRenamed',
  'WorkspaceInviteSent',
  'WorkspaceInviteAccepted',
  'WorkspaceMemberRoleChanged',
  'WorkspaceMemberRemoved',
  'WorkspaceOwnershipTransferred',
  'WorkspaceApiKeyCreated',
  'WorkspaceApiKeyRevoked',
] as const satisfies readonly EventType[];

export type ActivityEvent = Extract<DomainEvent, { type: (typeof LINK_ACTIVITY)[number] | (typeof WORKSPACE_ACTIVITY)[number] }> | LabelActivityEvent;

/** What a sentence needs beside the event: who did it, the link as it was just before, and members' names. */
export interface SentenceContext {
  /** The actor's name ("asha", "deleted account", "API key"); null for moderation and the system. */
  actor: string | null;
  /** The link before this event (null for its creation). */
  linkBefore: EditableLink | null;
  nameOf(userId: number): string;
  /** The workspace's tags and folders before this event (for a tag or folder event; none when absent). */
  labelsBefore?: LabelsState;
}

/** Long titles and addresses are cut, so one sentence stays one line. */
const clip = (text: string, max = 200) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const quoted = (text: string) => `“${clip(text)}”`;
const joined = (clauses: string[]) => (clauses.length < 2 ? (clauses[0] ?? '') : `${clauses.slice(0, -1).join(', ')} and ${clauses.at(-1)}`);

function linkEdit(who: string, path: string, before: EditableLink | null, changes: Extract<ActivityEvent, { type: 'LinkUpdated' }>['data']['changes']) {
  const fromTo = (old: string | undefined, now: string) => (old === undefined ? `to ${now}` : `from ${old} to ${now}`);
  const changed: string[] = [];
  if (changes.original_url !== undefined) changed.push(`the destination ${fromTo(before ? clip(before.destination) : undefined, clip(changes.original_url))}`);
  if (changes.title !== undefined) changed.push(`the title ${fromTo(before ? quoted(before.title) : undefined, quoted(changes.title))}`);
  if (changes.description !== undefined)
    changed.push(`the description ${fromTo(before ? quoted(before.description) : undefined, quoted(changes.description))}`);
  const controls = controlClauses(changes, (before?.controls?.passwordHash ?? null) !== null);
  const switched = changes.is_active === undefined ? null : `switched ${changes.is_active ? 'on' : 'off'}`;
  const andSwitched = switched ? `, and ${switched} the link` : '';
  if (changed.length === 0) {
    if (controls.length > 0) return `${who} edited ${path}: ${joined(controls)}${andSwitched}`;
    return switched ? `${who} ${switched} ${path}` : `${who} edited ${path}`;
  }
  // The first change names the link: "changed the destination of /x from … to …".
  const [first, ...rest] = changed;
  const clauses = [first!.replace(/^(the \w+) /, `$1 of ${path} `), ...rest];
  const alsoControls = controls.length > 0 ? `; also ${joined(controls)}` : '';
  return `${who} changed ${joined(clauses)}${alsoControls}${andSwitched}`;
}

/** One sentence saying what an event did in the workspace, naming who did it (docs/workspaces.md#activity). */
export function activitySentence(event: ActivityEvent, context: SentenceContext): string {
  const who = context.actor ?? 'Someone';
  const path = (shortCode: string | undefined) => (shortCode === undefined ? 'a link' : `/${shortCode}`);
  const link = path(context.linkBefore?.shortCode);
  switch (event.type) {
    case 'LinkCreated':
      return `${who} created /${event.data.short_code}, leading to ${clip(event.data.original_url)}`;
    case 'LinkUpdated':
      return linkEdit(who, link, context.linkBefore, event.data.changes);
    case 'LinkDeleted':
      return `${who} deleted /${event.data.short_code}`;
    case 'LinkModerated':
      return event.data.disabled ? `${link} was disabled by moderation: ${clip(event.data.reason)}` : `${link} was enabled again by moderation`;
    case 'LinkExpired':
      return event.data.reason === 'max_clicks' ? `${link} expired: its click limit was reached` : `${link} expired at its expiry time`;
    case 'LinkVariantPromoted':
      return `${who} promoted variant ${event.data.variant} of ${link} (${clip(event.data.original_url)}) as the destination, ending its A/B test`;
    case 'WorkspaceCreated':
      return `${who} created the workspace ${quoted(event.data.name)}`;
    case 'WorkspaceRenamed':
      return `${who} renamed the workspace to ${quoted(event.data.name)}`;
    case 'WorkspaceInviteSent':
      return `${who} invited ${event.data.email_masked} as ${event.data.role}`;
    case 'WorkspaceInviteAccepted':
      return `${context.nameOf(event.data.user_id)} joined as ${event.data.role}`;
    case 'WorkspaceMemberRoleChanged':
      return `${who} changed the role of ${context.nameOf(event.data.user_id)} from ${event.data.previous} to ${event.data.role}`;
    case 'WorkspaceMemberRemoved':
      return event.data.reason === 'left' ? `${context.nameOf(event.data.user_id)} left the workspace` : `${who} removed ${context.nameOf(event.data.user_id)}`;
    case 'WorkspaceOwnershipTransferred':
      return `${who} handed ownership to ${context.nameOf(event.data.to_user_id)}`;
    case 'WorkspaceApiKeyCreated':
      return `${who} created the API key ${quoted(event.data.name)} (${event.data.scopes.join(', ')})`;
    case 'WorkspaceApiKeyRevoked':
      return event.data.creator_id === event.data.revoked_by
        ? `${who} revoked the API key ${quoted(event.data.name)}`
        : `${who} revoked the API key ${quoted(event.data.name)} of ${context.nameOf(event.data.creator_id)}`;
    default:
      return labelSentence(who, event, context.labelsBefore, quoted);
  }
}

const ACTIVITY_TYPES = new Set<string>([...LINK_ACTIVITY, ...WORKSPACE_ACTIVITY, ...LABEL_ACTIVITY]);
/** Whether a parsed event is one the activity shows. */
export const isActivity = (event: DomainEvent | null): event is ActivityEvent => event !== null && ACTIVITY_TYPES.has(event.type);
