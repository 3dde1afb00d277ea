import type { FastifyRequest } from 'fastify';
import type { LinkCreated } from '@linkledger/contracts';
import { LINKS, controlsDocument, type LinkView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { publicBase, toLinkResponse, type LabelNames } from '../links/index.ts';
import { shlinkShortUrl } from './shlink-short-urls.ts';
import { shortUrlNotFound } from './shlink-problems.ts';

/** The host this service serves its own short links on: Shlink's "default domain". */
export const ourHost = (platform: Pick<Platform, 'config'>, request: FastifyRequest) => new URL(publicBase(platform, request)).host.toLowerCase();

/** Whether `domain` (Shlink's `?domain=`) names where the link is served: none named, DEFAULT, our host, or its custom domain. */
function servedOn(link: LinkView, domain: string | undefined, host: string): boolean {
  if (!domain) return true;
  const named = domain.toLowerCase();
  if (named === 'default' || named === host) return link.custom_domain === null;
  return link.custom_domain === named;
}

/** One of the workspace's links by its short code (and domain, when named); anything else is Shlink's "short URL not found". */
export async function workspaceLinkByCode(
  platform: Pick<Platform, 'read' | 'config'>,
  request: FastifyRequest,
  workspaceId: number,
  shortCode: string,
  domain: string | undefined,
): Promise<LinkView> {
  const [link] = await platform.read.find<LinkView>(LINKS, { where: { owner_id: workspaceId, short_code: shortCode }, limit: 1 });
  if (!link || !servedOn(link, domain, ourHost(platform, request))) throw shortUrlNotFound(shortCode, domain);
  return link;
}

/** A link in Shlink's shape: the one place the Shlink API answers a link, from what our API answers of it. */
export const shortUrlOf = (platform: Pick<Platform, 'config'>, request: FastifyRequest, link: LinkView, labels: LabelNames) =>
  shlinkShortUrl(toLinkResponse(link, publicBase(platform, request), labels), link);

/** A link just created, as its creation recorded it, while the read model does not show it yet. */
export function linkAsCreated({ link_id, custom_domain, trai_header, ...created }: LinkCreated, at: Date): LinkView {
  return {
    ...created,
    ...controlsDocument(created),
    id: link_id,
    custom_domain: custom_domain || null,
    trai_header: trai_header || null,
    title_key: created.title.toLowerCase(),
    is_active: true,
    total_clicks: 0,
    created_at: at.toISOString(),
    updated_at: at.toISOString(),
  };
}
