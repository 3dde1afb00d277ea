import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  BioAvatarResponse,
  BioPage,
  BioPageAnalytics,
  BioPageList,
  BioPageParams,
  BioPagePreview,
  PreviewBioPageBody,
  CreateBioPageBody,
  ErrorBody,
  MessageBody,
  UNLIMITED,
  UpdateBioPageBody,
  IdParams,
  type EventData,
} from '@linkledger/contracts';
import { analyticsRetention, currentPlan } from '../billing/index.ts';
import { allocateId, metadataFor, type CommandContext } from '../commands/command-context.ts';
import { handleCommand, handleMultiStreamCommand } from '../commands/command-handler.ts';
import { invalid, notFound } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { routesFor } from '../http/declared-routes.ts';
import { answeredFromTheWrite } from '../http/still-processing.ts';
import { publicBase, storeWorkspaceImage, takeRawImages, uploadedBytes, checkChosenCode, checkCodeRules } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { PAGE_NOT_FOUND, createBioPageDecider, deleteBioPageDecider, reslugBioPageDecider, updateBioPageDecider, type PageLimit } from './bio-page-deciders.ts';
import { avatarPath, bioAvatarRoute } from './bio-page-avatars.ts';
import { listedLinks, renderedPage } from './bio-page-server.ts';
import { currentPage, workspacePages, type BioPageState } from './bio-page-state.ts';
import { linkClicksSince } from './bio-page-link-clicks.ts';
import { viewsOf } from './bio-page-views.ts';

/** The answer of a workspace without the feature (docs/plans.md#feature-gate). */
export const BIO_PAGES_NOT_IN_PLAN = 'Link-in-bio pages are available on the Pro and Enterprise plans. Upgrade your plan to make a page with all your links.';
const PAGE_DELETED = 'The page was deleted. Its address now answers “page not found”.';
const NOT_YOUR_LINKS = (ids: readonly number[]) =>
  `A page lists live short links of this workspace only; ${ids.length === 1 ? 'this one is' : 'these are'} not: ${ids.join(', ')}.`;

/** The workspace's page limit and whose it is. */
async function pageLimitOf(platform: Platform, workspaceId: number): Promise<PageLimit> {
  const { plan } = await currentPlan(platform, workspaceId);
  return { limit: plan.is_unlimited ? UNLIMITED : plan.link_in_bio_pages_limit, planName: plan.display_name };
}

/**
 * A workspace's link-in-bio pages (docs/pages.md#link-in-bio-pages): its readers list them and
 * see their views, its writers make, edit and delete them and give them an avatar, within the
 * plan's page limit; anyone loads a page's avatar.
 */
export async function bioPageRoutes(app: FastifyInstance, platform: Platform) {
  const feature = { key: 'link_in_bio', refusal: BIO_PAGES_NOT_IN_PLAN } as const;
  const readers = routesFor(app, { access: 'user', workspaceInPath: 'links:read', feature });
  const writers = routesFor(app, { access: 'user', workspaceInPath: 'links:write', feature });

  /** Refuses link ids that are not live short links of the workspace (400 naming them). */
  const checkLinks = async (workspaceId: number, linkIds: readonly number[]) => {
    const live = new Set((await listedLinks(platform, workspaceId, linkIds, '')).map((link) => link.id));
    const refused = linkIds.filter((id) => !live.has(id));
    if (refused.length) throw invalid(NOT_YOUR_LINKS(refused), 'links');
  };

  const pageAnswer = async (request: FastifyRequest, workspaceId: number, page: BioPageState, views: number): Promise<BioPage> => {
    const base = publicBase(platform, request);
    return {
      id: page.pageId,
      slug: page.slug,
      url: `${base}/${page.slug}`,
      title: page.title,
      bio: page.bio,
      links: await listedLinks(platform, workspaceId, page.linkIds, base),
      theme: page.theme,
      avatar_url: page.avatarImageId === null ? null : avatarPath(workspaceId, page.pageId, page.avatarImageId),
      views,
    };
  };

  const viewsWithin = async (workspaceId: number, pageId: number) => {
    const { since } = await analyticsRetention(platform, workspaceId);
    return (await viewsOf(platform, pageId, since)).total_views;
  };

  const pageOf = async (workspaceId: number, pageId: number) => {
    const page = await currentPage(platform, workspaceId, pageId);
    if (!page) throw notFound(PAGE_NOT_FOUND);
    return page;
  };

  readers.get('/api/workspaces/:id/pages', {
    summary: 'The workspace’s link-in-bio pages, with their views, and how many its plan allows',
    params: IdParams,
    response: { 200: BioPageList, 403: ErrorBody },
    handler: async ({ request, workspace }) => {
      const pages = await workspacePages(platform, workspace.id);
      const answers = await Promise.all(
        [...pages.values()].map(async (page) => pageAnswer(request, workspace.id, page, await viewsWithin(workspace.id, page.pageId))),
      );
      return { pages: answers.sort((a, b) => a.id - b.id), limit: (await pageLimitOf(platform, workspace.id)).limit };
    },
  });

  readers.get('/api/workspaces/:id/pages/:pageId', {
    summary: 'One link-in-bio page of the workspace',
    params: BioPageParams,
    response: { 200: BioPage, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const page = await pageOf(workspace.id, request.params.pageId);
      return pageAnswer(request, workspace.id, page, await viewsWithin(workspace.id, page.pageId));
    },
  });

  readers.get('/api/workspaces/:id/pages/:pageId/analytics', {
    summary: 'A page’s views per day, in total and by distinct visitor, and the clicks of each link it lists, within the plan’s analytics retention',
    params: BioPageParams,
    response: { 200: BioPageAnalytics, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const page = await pageOf(workspace.id, request.params.pageId);
      const { days, since } = await analyticsRetention(platform, workspace.id);
      const links = await listedLinks(platform, workspace.id, page.linkIds, publicBase(platform, request));
      const clicks = await linkClicksSince(
        platform.analytics,
        links.map((link) => link.id),
        since,
      );
      return {
        page_id: page.pageId,
        retention_days: days,
        since: since?.toISOString() ?? null,
        ...(await viewsOf(platform, page.pageId, since)),
        links: links.map((link) => ({ ...link, clicks: clicks.get(link.id) ?? 0 })),
      };
    },
  });

  /** Runs a page command and answers the page as the log now holds it. */
  const answerAfter = async (request: FastifyRequest, workspaceId: number, pageId: number) =>
    pageAnswer(request, workspaceId, await pageOf(workspaceId, pageId), await viewsWithin(workspaceId, pageId));

  writers.post('/api/workspaces/:id/pages', {
    summary: 'Make a link-in-bio page at /{slug}: a title, a bio, the workspace’s short links it lists and its colours (within the plan’s page limit)',
    params: IdParams,
    body: CreateBioPageBody,
    response: { 201: BioPage, 400: ErrorBody, 403: ErrorBody, 409: ErrorBody },
    handler: async ({ request, reply, workspace }) => {
      const { slug, title, bio, links, theme } = request.body;
      await checkChosenCode(platform, slug);
      await checkLinks(workspace.id, links);
      const context: CommandContext = answeredFromTheWrite(commandContext(platform, request));
      const pageId = await allocateId(platform.events, 'bio_page', metadataFor(context));
      const pageLimit = await pageLimitOf(platform, workspace.id);
      const command = { workspaceId: workspace.id, pageId, pageLimit, slug, title, bio, link_ids: links, theme };
      await handleMultiStreamCommand(platform, context, createBioPageDecider, command);
      return reply.code(201).send(await answerAfter(request, workspace.id, pageId));
    },
  });

  writers.post('/api/workspaces/:id/pages/preview', {
    summary: 'The HTML a draft of a page would show visitors (on our host), for the editor’s live preview; nothing is saved',
    params: IdParams,
    body: PreviewBioPageBody,
    response: { 200: BioPagePreview, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { title, bio, links, theme, page_id } = request.body;
      await checkLinks(workspace.id, links);
      const saved = page_id === undefined ? null : await pageOf(workspace.id, page_id);
      const draft = { pageId: page_id ?? 0, title, bio, theme, linkIds: links, avatarImageId: saved?.avatarImageId ?? null };
      const { html } = await renderedPage(platform, request, workspace.id, draft, { host: null, brand: null });
      return { html: html.toString('utf8') };
    },
  });

  writers.patch('/api/workspaces/:id/pages/:pageId', {
    summary: 'Change a page’s slug (the old one stays the page’s and answers “page not found”), title, bio, links or colours',
    params: BioPageParams,
    body: UpdateBioPageBody,
    response: { 200: BioPage, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody },
    handler: async ({ request, workspace }) => {
      const { slug, title, bio, links, theme } = request.body;
      if (links) await checkLinks(workspace.id, links);
      const changes: EventData['BioPageUpdated']['changes'] = { title, bio, link_ids: links, theme };
      const context = answeredFromTheWrite(commandContext(platform, request));
      const target = { workspaceId: workspace.id, pageId: request.params.pageId };
      if (slug === undefined) await handleCommand(platform, context, updateBioPageDecider, { ...target, changes });
      else await handleMultiStreamCommand(platform, context, reslugBioPageDecider, { ...target, changes: { ...changes, slug: checkCodeRules(slug) } });
      return answerAfter(request, workspace.id, request.params.pageId);
    },
  });

  writers.delete('/api/workspaces/:id/pages/:pageId', {
    summary: 'Delete a page: its address answers “page not found”; its views stay in the log',
    params: BioPageParams,
    response: { 200: MessageBody, 403: ErrorBody, 404: ErrorBody },
    handler: async ({ request, workspace }) => {
      const command = { workspaceId: workspace.id, pageId: request.params.pageId };
      await handleCommand(platform, answeredFromTheWrite(commandContext(platform, request)), deleteBioPageDecider, command);
      return { message: PAGE_DELETED };
    },
  });

  await app.register(async (scope) => {
    takeRawImages(scope);
    const uploaders = routesFor(scope, { access: 'user', workspaceInPath: 'links:write', feature });
    uploaders.post('/api/workspaces/:id/pages/:pageId/avatar', {
      summary: 'Give a page its avatar: the PNG or JPEG file as the body (at most 200 KB, 32 to 2048 pixels a side; SVG is refused)',
      params: BioPageParams,
      response: { 200: BioAvatarResponse, 400: ErrorBody, 403: ErrorBody, 404: ErrorBody },
      handler: async ({ request, workspace }) => {
        const target = { workspaceId: workspace.id, pageId: request.params.pageId };
        await pageOf(target.workspaceId, target.pageId);
        const context = answeredFromTheWrite(commandContext(platform, request));
        const image = await storeWorkspaceImage(platform, context, workspace.id, uploadedBytes(request.body));
        await handleCommand(platform, context, updateBioPageDecider, { ...target, changes: { avatar_image_id: image.id } });
        return { avatar_url: avatarPath(target.workspaceId, target.pageId, image.id), width: image.width, height: image.height };
      },
    });
  });

  bioAvatarRoute(app, platform);
}
