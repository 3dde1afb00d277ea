import type { FastifyRequest } from 'fastify';
import type { LinkResponse } from '@linkledger/contracts';
import type { LinkView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';

/** The address short links are served from: PUBLIC_URL, else the origin the caller used. */
export function publicBase(platform: Pick<Platform, 'config'>, request: FastifyRequest): string {
  if (platform.config.PUBLIC_URL) return platform.config.PUBLIC_URL.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

/** {trai_header}/{short_code}, {custom_domain}/{short_code} or {host}/{short_code} (docs/links.md#short-url-forms). */
export function shortUrl(base: string, link: Pick<LinkView, 'short_code' | 'trai_header' | 'custom_domain'>): string {
  if (link.trai_header) return `${base}/${link.trai_header}/${link.short_code}`;
  if (link.custom_domain) return `https://${link.custom_domain}/${link.short_code}`;
  return `${base}/${link.short_code}`;
}

export function toLinkResponse(link: LinkView, base: string): LinkResponse {
  return {
    id: link.id,
    original_url: link.original_url,
    title: link.title,
    description: link.description,
    short_code: link.short_code,
    short_url: shortUrl(base, link),
    total_clicks: link.total_clicks,
    created_at: link.created_at,
    created_via: link.created_via,
    trai_header: link.trai_header,
    custom_domain: link.custom_domain,
    is_active: link.is_active,
    disabled_by_admin: link.disabled_by_admin === true,
    moderation_reason: link.disabled_by_admin ? (link.moderation_reason ?? '') : null,
  };
}
