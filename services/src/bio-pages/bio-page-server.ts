import { LINKS, type LinkView } from '@linkledger/projections';
import { foldEvents } from '../commands/event-port.ts';
import { publicBase, shortUrl } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import type { FastifyRequest } from 'fastify';
import type { PublicPageVisit, VisitorBrand } from '../public-pages/index.ts';
import { textPage } from '../redirect/index.ts';
import { renderBioPage } from './bio-page-html.ts';
import { NO_BIO_PAGES, bioPagesStream, evolveBioPages, type BioPageState } from './bio-page-state.ts';
import { recordView } from './bio-page-views.ts';

/** What a deleted page's slug, an old slug or a POST answers: nothing is there. */
const NOT_HERE = textPage({
  status: 404,
  title: 'Page not found',
  paragraphs: ['There is no page at this address. Check the link you followed, or ask whoever shared it for a new one.'],
});

/** The workspace's pages as their stream holds them now, by id. */
export async function workspacePages(platform: Pick<Platform, 'events'>, workspaceId: number): Promise<ReadonlyMap<number, BioPageState>> {
  return foldEvents(await platform.events.readStream(bioPagesStream(workspaceId)), evolveBioPages, NO_BIO_PAGES).pages;
}

/** The workspace's page as its stream holds it now, or null when deleted. */
export async function currentPage(platform: Pick<Platform, 'events'>, workspaceId: number, pageId: number): Promise<BioPageState | null> {
  return (await workspacePages(platform, workspaceId)).get(pageId) ?? null;
}

/** The page's links as visitors see them: live short links of the workspace, in the page's order, at their own addresses. */
export async function listedLinks(platform: Pick<Platform, 'read'>, workspaceId: number, linkIds: readonly number[], base: string) {
  const links = await Promise.all(linkIds.map((id) => platform.read.get<LinkView>(LINKS, id)));
  return links
    .filter((link): link is LinkView => link !== null && link.owner_id === workspaceId && link.is_active && !link.disabled_by_admin)
    .map((link) => ({ id: link.id, title: link.title || link.short_code, short_url: shortUrl(base, link) }));
}

/** Where the page loads its avatar from: a path on the same host, its image id in the query so a new one is fetched anew. */
export const avatarPath = (workspaceId: number, pageId: number, imageId: number) => `/api/workspaces/${workspaceId}/pages/${pageId}/avatar?v=${imageId}`;

/**
 * Where links on our host are served from: the request's own address on our host; on a custom
 * domain (whose Host serves only its own links) PUBLIC_URL, else the first ALLOWED_ORIGINS.
 */
function ourBase(platform: Pick<Platform, 'config'>, request: FastifyRequest, host: string | null): string {
  const configured = platform.config.PUBLIC_URL || platform.config.ALLOWED_ORIGINS?.[0];
  return host === null || !configured ? publicBase(platform, request) : configured.replace(/\/+$/, '');
}

/** What a page (or the editor's draft of it) looks like to visitors: its links as they are now, its avatar, the brand shown. */
export async function renderedPage(
  platform: Pick<Platform, 'read' | 'config'>,
  request: FastifyRequest,
  workspaceId: number,
  page: Pick<BioPageState, 'pageId' | 'title' | 'bio' | 'theme' | 'linkIds' | 'avatarImageId'>,
  { host, brand }: { host: string | null; brand: VisitorBrand | null },
) {
  const links = await listedLinks(platform, workspaceId, page.linkIds, ourBase(platform, request, host));
  return renderBioPage({
    title: page.title,
    bio: page.bio,
    theme: page.theme,
    avatarUrl: page.avatarImageId === null ? null : avatarPath(workspaceId, page.pageId, page.avatarImageId),
    links: links.map((link) => ({ title: link.title, href: link.short_url })),
    brand,
  });
}

/**
 * Answers a visit to a link-in-bio page (docs/pages.md#link-in-bio-pages): the page, rendered
 * from the log and the links' read model, with a view recorded for a GET. A deleted page, an
 * old slug of a page, or a POST answers 404.
 */
export async function serveBioPage(platform: Platform, visit: PublicPageVisit): Promise<void> {
  const { request, reply } = visit;
  const page = request.method === 'POST' ? null : await currentPage(platform, visit.workspaceId, visit.pageId);
  if (!page || page.slug !== visit.code) {
    reply.hijack();
    NOT_HERE(reply.raw, visit.brand);
    return;
  }
  const { html, headers } = await renderedPage(platform, request, visit.workspaceId, page, visit);
  await recordView(platform, request, { pageId: page.pageId, workspaceId: visit.workspaceId });
  reply.hijack();
  reply.raw.writeHead(200, headers);
  reply.raw.end(html);
}
