import type { FastifyInstance } from 'fastify';
import {
  ShlinkCreateShortUrlBody,
  ShlinkDeleteTagsQuery,
  ShlinkDomainQuery,
  ShlinkRenameTagBody,
  ShlinkEditShortUrlBody,
  ShlinkShortCodeParams,
  ShlinkShortUrlsQuery,
  ShlinkVisitsQuery,
  type WorkspacePermission,
} from '@linkledger/contracts';
import { CUSTOM_DOMAINS, LINKS, type CustomDomainView, type LinkView } from '@linkledger/projections';
import { handleCommand } from '../commands/command-handler.ts';
import { unavailable } from '../commands/domain-error.ts';
import { commandContext } from '../http/command-context.ts';
import { publicRoutes, routesFor } from '../http/declared-routes.ts';
import { answeredFromTheWrite } from '../http/still-processing.ts';
import {
  createLinkFromRequest,
  deleteLinkDecider,
  deleteTagsNamed,
  editLinkFromRequest,
  firstShownDay,
  renameTagNamed,
  workspaceLabels,
} from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { linkAsCreated, ourHost, shortUrlOf, workspaceLinkByCode } from './shlink-links.ts';
import { answerAsShlink, mercureNotConfigured, shlinkRouteNotFound, tagConflict, tagNotFound } from './shlink-problems.ts';
import { answerAnyOrigin } from './shlink-cors.ts';
import {
  createBodyOf,
  pagination,
  paging,
  shlinkListFilter,
  shlinkRange,
  shlinkSort,
  tagsFilterOf,
  updateBodyOf,
  withTags,
  type ShlinkShortUrl,
} from './shlink-short-urls.ts';
import { linkVisits, retainedFrom, visitsOverview } from './shlink-visits.ts';
import { tagsOf, tagStats } from './shlink-tags.ts';

const API_ACCESS = { key: 'api_access', refusal: 'This workspace’s plan does not include API access (api_access).' } as const;
const HIDDEN = { hide: true } as const;
const NO_REDIRECTS = { baseUrlRedirect: null, regular404Redirect: null, invalidShortUrlRedirect: null };

/** The Shlink API level this speaks (docs/developer-api.md#shlink-compatible-api): clients choose their features by it. */
const SHLINK_VERSION = '4.0.0';

/**
 * A Shlink-compatible REST API (`/rest/v3/…`), so Shlink's web client, CLI, SDKs and integrations
 * manage links here unchanged (docs/developer-api.md#shlink-compatible-api). Every call takes
 * an `X-Api-Key` (our keys, with their scopes, the plan's rate limit and API access) and goes
 * through our own link commands, so every rule of ours holds; answers and errors are Shlink's.
 */
export async function shlinkRoutes(app: FastifyInstance, platform: Platform) {
  await app.register(
    async (scope) => {
      answerAsShlink(scope);
      answerAnyOrigin(scope);
      scope.setNotFoundHandler((_request, reply) => shlinkRouteNotFound(reply));
      const keyed = (workspace: WorkspacePermission) => routesFor(scope, { access: 'user_or_api_key', workspace, feature: API_ACCESS });
      const readers = keyed('links:read');
      const writers = keyed('links:write');
      const analysts = keyed('analytics:read');

      readers.get('/v3/short-urls', {
        ...HIDDEN,
        querystring: ShlinkShortUrlsQuery,
        handler: async ({ request, workspace }) => {
          const { page, itemsPerPage, skip } = paging(request.query);
          const where = shlinkListFilter(workspace.id, request.query, ourHost(platform, request));
          const sort = shlinkSort(request.query.orderBy);
          const tags = tagsFilterOf(request.query);
          const labels = await workspaceLabels(platform, workspace.id);
          const answer = (data: ShlinkShortUrl[], total: number) => ({ shortUrls: { data, pagination: pagination(page, itemsPerPage, total) } });
          if (tags) {
            // Tags are names on the answer: the tagged links are picked from the whole filtered list.
            const tagged = (await platform.read.find<LinkView>(LINKS, { where, sort }))
              .map((link) => shortUrlOf(platform, request, link, labels))
              .filter(withTags(tags));
            return answer(tagged.slice(skip, skip + itemsPerPage), tagged.length);
          }
          const [links, total] = await Promise.all([
            platform.read.find<LinkView>(LINKS, { where, sort, skip, limit: itemsPerPage }),
            platform.read.count(LINKS, where),
          ]);
          return answer(
            links.map((link) => shortUrlOf(platform, request, link, labels)),
            total,
          );
        },
      });

      writers.post('/v3/short-urls', {
        ...HIDDEN,
        body: ShlinkCreateShortUrlBody,
        handler: async ({ request, workspace }) => {
          const body = createBodyOf(request.body, ourHost(platform, request));
          if (request.body.findIfExists) {
            const where = { owner_id: workspace.id, original_url: body.original_url, ...(body.short_code ? { short_code: body.short_code } : {}) };
            const [found] = await platform.read.find<LinkView>(LINKS, { where, sort: shlinkSort(undefined), limit: 1 });
            if (found) return shortUrlOf(platform, request, found, await workspaceLabels(platform, workspace.id));
          }
          // Answered from what the creation recorded, so a read model that is behind changes nothing here (Shlink has no 202).
          const context = answeredFromTheWrite(commandContext(platform, request));
          const { link, created } = await createLinkFromRequest(platform, context, request, workspace.id, 'api', body);
          return shortUrlOf(platform, request, link ?? linkAsCreated(created, context.now), await workspaceLabels(platform, workspace.id));
        },
      });

      readers.get('/v3/short-urls/:shortCode', {
        ...HIDDEN,
        params: ShlinkShortCodeParams,
        querystring: ShlinkDomainQuery,
        handler: async ({ request, workspace }) =>
          shortUrlOf(
            platform,
            request,
            await workspaceLinkByCode(platform, request, workspace.id, request.params.shortCode, request.query.domain),
            await workspaceLabels(platform, workspace.id),
          ),
      });

      writers.patch('/v3/short-urls/:shortCode', {
        ...HIDDEN,
        params: ShlinkShortCodeParams,
        querystring: ShlinkDomainQuery,
        body: ShlinkEditShortUrlBody,
        handler: async ({ request, workspace }) => {
          const found = await workspaceLinkByCode(platform, request, workspace.id, request.params.shortCode, request.query.domain);
          const context = answeredFromTheWrite(commandContext(platform, request));
          const { link } = await editLinkFromRequest(platform, context, request, workspace.id, found.id, updateBodyOf(request.body));
          return shortUrlOf(platform, request, link, await workspaceLabels(platform, workspace.id));
        },
      });

      writers.delete('/v3/short-urls/:shortCode', {
        ...HIDDEN,
        params: ShlinkShortCodeParams,
        querystring: ShlinkDomainQuery,
        handler: async ({ request, reply, workspace }) => {
          const found = await workspaceLinkByCode(platform, request, workspace.id, request.params.shortCode, request.query.domain);
          await handleCommand(platform, commandContext(platform, request), deleteLinkDecider, { ownerId: workspace.id, linkId: found.id });
          return reply.code(204).send();
        },
      });

      analysts.get('/v3/short-urls/:shortCode/visits', {
        ...HIDDEN,
        params: ShlinkShortCodeParams,
        querystring: ShlinkVisitsQuery,
        handler: async ({ request, workspace }) => {
          const link = await workspaceLinkByCode(platform, request, workspace.id, request.params.shortCode, request.query.domain);
          const { page, itemsPerPage, skip } = paging(request.query);
          const { from, to } = shlinkRange(request.query);
          const excludeBots = request.query.excludeBots === 'true';
          const { firstDay } = await firstShownDay(platform, workspace.id);
          const visitsPage = { linkId: link.id, from: retainedFrom(from, firstDay), to, excludeBots, skip, limit: itemsPerPage };
          const { visits, total } = await linkVisits(platform.analytics, visitsPage).catch(analyticsDown);
          return { visits: { data: visits, pagination: pagination(page, itemsPerPage, total) } };
        },
      });

      analysts.get('/v3/visits', {
        ...HIDDEN,
        handler: async ({ workspace }) => {
          const { firstDay } = await firstShownDay(platform, workspace.id);
          return { visits: await visitsOverview(platform.analytics, workspace.id, retainedFrom(undefined, firstDay)).catch(analyticsDown) };
        },
      });

      readers.get('/v3/tags', {
        ...HIDDEN,
        handler: async ({ request, workspace }) => ({ tags: { data: await tagsOf(platform, request, workspace.id) } }),
      });

      readers.get('/v3/tags/stats', {
        ...HIDDEN,
        handler: async ({ request, workspace }) => {
          const data = await tagStats(platform, request, workspace.id);
          return { tags: { data, pagination: pagination(1, Math.max(1, data.length), data.length) } };
        },
      });

      writers.put('/v3/tags', {
        ...HIDDEN,
        body: ShlinkRenameTagBody,
        handler: async ({ request, reply, workspace }) => {
          const { oldName, newName } = request.body;
          const renamed = await renameTagNamed(platform, commandContext(platform, request), workspace.id, oldName, newName);
          if (renamed === 'missing') throw tagNotFound(oldName);
          if (renamed === 'taken') throw tagConflict(oldName, newName);
          return reply.code(204).send();
        },
      });

      writers.delete('/v3/tags', {
        ...HIDDEN,
        querystring: ShlinkDeleteTagsQuery,
        handler: async ({ request, reply, workspace }) => {
          const names = [request.query['tags[]'], request.query.tags].flatMap((value) => (value === undefined ? [] : [value].flat()));
          await deleteTagsNamed(platform, commandContext(platform, request), workspace.id, names);
          return reply.code(204).send();
        },
      });

      readers.get('/v3/domains', {
        ...HIDDEN,
        handler: async ({ request, workspace }) => {
          const domains = await platform.read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { owner_id: workspace.id, dns_verified: true } });
          const own = { domain: ourHost(platform, request), isDefault: true, redirects: NO_REDIRECTS };
          const custom = domains.filter((domain) => !domain.dropped).map((domain) => ({ domain: domain.domain, isDefault: false, redirects: NO_REDIRECTS }));
          return { domains: { data: [own, ...custom], defaultRedirects: NO_REDIRECTS } };
        },
      });

      readers.get('/v3/mercure-info', {
        ...HIDDEN,
        handler: async () => {
          throw mercureNotConfigured();
        },
      });

      // Health answers anyone, as Shlink's does: it tells only that the service is up.
      for (const url of ['/health', '/v3/health']) {
        publicRoutes(scope).get(url, {
          ...HIDDEN,
          handler: async ({ reply }) => reply.type('application/health+json').send({ status: 'pass', version: SHLINK_VERSION, links: {} }),
        });
      }
    },
    { prefix: '/rest' },
  );
}

/** Analytics that cannot answer now: no visit is lost, they show once analytics are back. */
function analyticsDown(error: unknown): never {
  throw unavailable('Visits are unavailable right now. No visit is lost: they will show here once analytics are back. Try again in a moment.', {
    retryAfterMs: 5000,
    cause: error,
  });
}
