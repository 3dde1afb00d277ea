import type { FastifyRequest } from 'fastify';
import type { LinkResponse } from '@linkledger/contracts';
import type { LinkView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { requestHostHeader, requestProtocol } from '../http/proxies.ts';

/**
 * The address short links are served from: PUBLIC_URL, else the origin the caller used (its
 * Host header, never X-Forwarded-Host; a proxy's X-Forwarded-Proto only when http or https).
 */
export function publicBase(platform: Pick<Platform, 'config'>, request: FastifyRequest): string {
  if (platform.config.PUBLIC_URL) return platform.config.PUBLIC_URL.replace(/\/+$/, '');
  return `${requestProtocol(request)}://${requestHostHeader(request)}`;
}

/**
 * The link's address (docs/links.md#short-url-forms): on a custom domain `https://{domain}/…`,
 * else on our host; under a TRAI header `…/{HEADER}/{code}`, else `…/{code}`.
 */
export function shortUrl(base: string, link: Pick<LinkView, 'short_code' | 'trai_header' | 'custom_domain'>): string {
  const host = link.custom_domain ? `https://${link.custom_domain}` : base;
  return link.trai_header ? `${host}/${link.trai_header}/${link.short_code}` : `${host}/${link.short_code}`;
}

/** A workspace's tag and folder names by id (docs/links.md#tags-and-folders); an id it no longer has reads as nothing. */
export interface LabelNames {
  tag(id: number): string | undefined;
  folder(id: number): string | undefined;
}

const NO_LABELS: LabelNames = { tag: () => undefined, folder: () => undefined };

export function toLinkResponse(link: LinkView, base: string, labels: LabelNames = NO_LABELS): LinkResponse {
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
    ...controlsView(link),
    ...organizationView(link, labels),
  };
}

type OrganizationView = Pick<LinkResponse, 'tags' | 'folder' | 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content' | 'qr'>;

/** Tags and folder by name, the UTM parameters and the QR design as a link answers them (docs/links.md#organizing-links): unset ones as null or []. */
export function organizationView(link: Partial<LinkView>, labels: LabelNames = NO_LABELS): OrganizationView {
  const folder = link.folder_id == null ? undefined : labels.folder(link.folder_id);
  return {
    // A tag merged into another the link also carries reads as that one, once.
    tags: [...new Set((link.tag_ids ?? []).flatMap((id) => labels.tag(id) ?? []))],
    folder: folder ?? null,
    utm_source: link.utm_source ?? null,
    utm_medium: link.utm_medium ?? null,
    utm_campaign: link.utm_campaign ?? null,
    utm_term: link.utm_term ?? null,
    utm_content: link.utm_content ?? null,
    qr: link.qr ? { ...link.qr, logo_id: link.qr.logo_id ?? null } : null,
  };
}

type ControlsView = Pick<LinkResponse, 'starts_at' | 'expires_at' | 'max_clicks' | 'expired_url' | 'has_password' | 'rules' | 'variants' | 'og' | 'expired'>;

/** The smart controls as a link answers them (docs/links.md#setting-controls): unset ones as null or [], the password as `has_password` only. */
export function controlsView(link: Partial<LinkView>): ControlsView {
  return {
    starts_at: link.starts_at ?? null,
    expires_at: link.expires_at ?? null,
    max_clicks: link.max_clicks ?? null,
    expired_url: link.expired_url ?? null,
    has_password: link.has_password === true,
    rules: link.rules ?? [],
    variants: link.variants ?? [],
    og: link.og ?? null,
    expired: link.expired === true,
  };
}
