import type { LinkOrganizationInput, StoredLinkOrganization, UpdateLinkBody } from '@linkledger/contracts';
import { UTM_FIELDS } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { storedQrDesign } from './qr/qr-design-input.ts';

/** How a request organizes a link (docs/links.md#organizing-links): tags and folder by name, UTM, QR design. */
export type LinkOrganizationRequest = Pick<UpdateLinkBody, keyof typeof LinkOrganizationInput>;

const REQUEST_FIELDS = ['tags', 'folder', ...UTM_FIELDS, 'qr'] as const satisfies readonly (keyof LinkOrganizationRequest)[];

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

/**
 * The organization as events hold it, for a link of this workspace: names become the
 * workspace's tag and folder ids, the QR design its stored form. Absent fields stay absent
 * (unchanged in an edit); null and [] clear.
 */
export async function storedOrganization(platform: Platform, workspaceId: number, request: LinkOrganizationRequest): Promise<StoredLinkOrganization> {
  const stored: StoredLinkOrganization = {};
  for (const field of UTM_FIELDS) if (request[field] !== undefined) stored[field] = request[field];
  if (request.qr !== undefined) stored.qr = request.qr === null ? null : await storedQrDesign(platform, workspaceId, request.qr);
  if (request.tags?.length) throw invalid('tags cannot be set yet', 'tags');
  if (request.folder) throw invalid('folder cannot be set yet', 'folder');
  return stored;
}
