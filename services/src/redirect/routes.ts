import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { currentVersion, type Clicked } from '@linkledger/contracts';
import { randomUUID } from 'node:crypto';
import type { Platform } from '../platform/platform.ts';
import { SHORT_CODE_PATTERN } from '../links/short-codes.ts';
import type { LinkCache } from './link-cache.ts';
import { VisitorHasher, countryOf, isPrefetch, referrerHost } from './visitor.ts';

const MAX_USER_AGENT = 512;

/**
 * GET /{code}: the hot path. The link comes from memory; the click is appended with group
 * commit and the 302 is sent once it is durable. Parsing, bot checks and counting happen
 * later, in the projectors. HEAD and prefetches are answered but not recorded.
 */
export async function redirectRoutes(
  app: FastifyInstance,
  platform: Platform,
  cache: LinkCache,
  notFoundPage: (request: FastifyRequest, reply: FastifyReply) => FastifyReply,
) {
  const hasher = new VisitorHasher(platform.secret);

  const redirect = async (request: FastifyRequest<{ Params: { code: string }; Querystring: Record<string, string | undefined> }>, reply: FastifyReply) => {
    const { code } = request.params;
    const link = SHORT_CODE_PATTERN.test(code) ? (cache.peek(code) ?? (await cache.resolve(code))) : null;
    if (!link || link.deleted || !link.isActive) return notFoundPage(request, reply);

    if (request.method === 'GET' && !isPrefetch(request.headers)) {
      const now = platform.clock();
      const userAgent = (request.headers['user-agent'] ?? '').slice(0, MAX_USER_AGENT);
      const click: Clicked = {
        link_id: link.id,
        owner_id: link.ownerId,
        link_version: link.version,
        destination: link.destination,
        country: countryOf(request.ip),
        user_agent: userAgent,
        referrer: referrerHost(request.headers.referer),
        source: request.query['src'] === 'qr' ? 'qr' : 'link',
        visitor_hash: hasher.hash(request.ip, userAgent, now),
      };
      await platform.events.append([
        {
          stream: `clicks-${link.id}`,
          expected: 'any',
          events: [
            {
              id: randomUUID(),
              type: 'Clicked',
              version: currentVersion.Clicked,
              data: click,
              metadata: { actor: { kind: 'visitor', id: click.visitor_hash }, correlation_id: request.id, causation_id: request.id, at: now.toISOString() },
            },
          ],
        },
      ]);
    }
    return reply.code(302).header('location', link.destination).header('cache-control', 'no-store').send();
  };

  app.route({ method: ['GET', 'HEAD'], url: '/:code', handler: redirect });
}
