import { randomUUID } from 'node:crypto';
import type { StoredLinkOrganization, UpdateLinkBody } from '@linkledger/contracts';
import { DEFAULT_TAG_COLOR, LinkOrganizationInput, UTM_FIELDS } from '@linkledger/contracts';
import { handleCommand } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { storedQrDesign } from './qr/qr-design-input.ts';
import { labelsDecider } from './labels/label-deciders.ts';
import { evolveLabels, liveFolderNamed, liveTagNamed } from './labels/label-state.ts';

/** How a request organizes a link (docs/links.md#organizing-links): tags and folder by name, UTM, QR design. */
export type LinkOrganizationRequest = Pick<UpdateLinkBody, keyof typeof LinkOrganizationInput>;

const REQUEST_FIELDS = Object.keys(LinkOrganizationInput) as (keyof LinkOrganizationRequest)[];

/** A request body's organization fields apart from the rest (the link's texts and smart controls). */
export function splitOrganization<Body extends LinkOrganizationRequest>(
  body: Body,
): { organization: LinkOrganizationRequest; rest: Omit<Body, keyof LinkOrganizationRequest> } {
  const rest: Record<string, unknown> = { ...body };
  const organization: Record<string, unknown> = {};
  for (const field of REQUEST_FIELDS) {
    if (field in rest) organization[field] = rest[field];
    delete rest[field];
  }
  return { organization: organization as LinkOrganizationRequest, rest: rest as Omit<Body, keyof LinkOrganizationRequest> };
}

/** Who names new tags or folders when the caller gives no request's context (a job of the system). */
const SYSTEM_CONTEXT = (platform: Pick<Platform, 'clock'>): CommandContext => ({
  actor: { kind: 'system', id: 'system' },
  correlationId: randomUUID(),
  now: platform.clock(),
});

/**
 * The organization as events hold it, for a link of this workspace: names become the
 * workspace's tag and folder ids, the QR design its stored form. Absent fields stay absent
 * (unchanged in an edit); null and [] clear. A tag or folder name the workspace does not have
 * yet is created first, through the workspace's labels (docs/links.md#tags-and-folders): whoever
 * may write the link may name new ones. `context` is the request's, so the new labels are
 * recorded as its caller's; its Idempotency-Key claim stays with the link's own command.
 */
export async function storedOrganization(
  platform: Platform,
  workspaceId: number,
  request: LinkOrganizationRequest,
  context: CommandContext = SYSTEM_CONTEXT(platform),
): Promise<StoredLinkOrganization> {
  const stored: StoredLinkOrganization = {};
  for (const field of UTM_FIELDS) if (request[field] !== undefined) stored[field] = request[field];
  if (request.qr !== undefined) stored.qr = request.qr === null ? null : await storedQrDesign(platform, workspaceId, request.qr);
  const tags = request.tags ?? [];
  const folder = request.folder ?? undefined;
  if (request.tags) stored.tag_ids = [];
  if (request.folder === null) stored.folder_id = null;
  if (tags.length || folder !== undefined) {
    const labelContext: CommandContext = {
      actor: context.actor,
      correlationId: context.correlationId,
      now: context.now,
      ...(context.route ? { route: context.route } : {}),
    };
    const command = { kind: 'ensure' as const, workspaceId, tags, folder, color: DEFAULT_TAG_COLOR };
    const { state, events } = await handleCommand(platform, labelContext, labelsDecider, command);
    const labels = events.reduce(evolveLabels, state);
    if (request.tags) stored.tag_ids = [...new Set(tags.flatMap((name) => liveTagNamed(labels, name)?.id ?? []))];
    if (folder !== undefined) stored.folder_id = liveFolderNamed(labels, folder)?.id ?? null;
  }
  return stored;
}
