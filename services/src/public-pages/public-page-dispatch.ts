import type { FastifyReply, FastifyRequest } from 'fastify';
import { domainEventOf } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { visitorBrandFor, type VisitorBrand } from './visitor-brand.ts';
import { serveBioPage } from '../bio-pages/index.ts';
import { serveSurvey } from '../surveys/index.ts';

type PublicPageKind = 'bio' | 'survey';

/** A request for a public page (docs/pages.md): the code's claim names the page, the place where it was asked. */
export interface PublicPageVisit {
  request: FastifyRequest;
  reply: FastifyReply;
  code: string;
  pageId: number;
  /** The workspace that owns the page. */
  workspaceId: number;
  /** The custom domain asked (lower case), or null for our host. */
  host: string | null;
  /** The brand the page shows: null for ours. */
  brand: VisitorBrand | null;
}

/** Answers a visit (GET, HEAD or a form's POST) to a page of its kind; it sends the reply itself. */
type PublicPageServer = (platform: Platform, visit: PublicPageVisit) => Promise<void>;

/** Each kind of public page and what serves it. */
const SERVERS: Record<PublicPageKind, PublicPageServer> = {
  bio: serveBioPage,
  survey: serveSurvey,
};

/** The code a request names: `/{code}` (no TRAI header, no deeper path). */
const codeOf = (url: string): string | null => /^\/([A-Za-z0-9_-]{1,64})(?:\?|$)/.exec(url)?.[1] ?? null;

/**
 * Serves the public page a code was claimed for, when the request is on our host or on a
 * verified domain of the page's workspace; false when the code is no page served here, or its
 * workspace's owner is banned or deleted (the caller then answers the 404 page). Pages share the links' codes (`ShortCodeClaimedForPage`).
 */
export async function servePublicPage(
  platform: Platform,
  request: FastifyRequest,
  reply: FastifyReply,
  place: { host: string | null; workspaceId: number | null } | undefined,
): Promise<boolean> {
  const code = codeOf(request.url);
  if (!code || !place) return false;
  const [claim] = await platform.events.readStream(`shortcode-${code}`);
  const event = claim ? domainEventOf(claim) : null;
  if (event?.type !== 'ShortCodeClaimedForPage') return false;
  if (place.workspaceId !== null && place.workspaceId !== event.data.workspace_id) return false;
  // A banned or deleted owner's pages stop as its links do (docs/admin.md), decided where the links' is.
  if (await platform.linkCache.ownerBanned?.(event.data.workspace_id)) return false;
  const brand = await visitorBrandFor(platform, place);
  await SERVERS[event.data.kind](platform, { request, reply, code, pageId: event.data.page_id, workspaceId: event.data.workspace_id, host: place.host, brand });
  return true;
}
