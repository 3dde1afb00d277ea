import type { FastifyRequest } from 'fastify';
import { LINKS, type LinkView } from '@linkledger/projections';
import type { Platform } from '../platform/platform.ts';
import { shortUrlOf } from './shlink-links.ts';
import { workspaceLabels } from '../links/index.ts';

/** The workspace's links in Shlink's shape, their tags by name. */
async function shortUrlsOf(platform: Pick<Platform, 'read' | 'config'>, request: FastifyRequest, workspaceId: number) {
  const links = await platform.read.find<LinkView>(LINKS, { where: { owner_id: workspaceId } });
  const labels = await workspaceLabels(platform, workspaceId);
  return links.map((link) => shortUrlOf(platform, request, link, labels));
}

/** The tags the workspace's links carry, by name, in alphabetical order. */
export async function tagsOf(platform: Pick<Platform, 'read' | 'config'>, request: FastifyRequest, workspaceId: number): Promise<string[]> {
  return tagNames(await shortUrlsOf(platform, request, workspaceId));
}

const tagNames = (shortUrls: readonly { tags: string[] }[]) => [...new Set(shortUrls.flatMap((shortUrl) => shortUrl.tags))].sort((a, b) => a.localeCompare(b));

/** Per tag: how many links carry it and their visits, as Shlink's tag stats count them. */
export async function tagStats(platform: Pick<Platform, 'read' | 'config'>, request: FastifyRequest, workspaceId: number) {
  const shortUrls = await shortUrlsOf(platform, request, workspaceId);
  return tagNames(shortUrls).map((tag) => {
    const tagged = shortUrls.filter((shortUrl) => shortUrl.tags.includes(tag));
    const visits = tagged.reduce((sum, shortUrl) => sum + shortUrl.visitsSummary.total, 0);
    return { tag, shortUrlsCount: tagged.length, visitsSummary: { total: visits, nonBots: visits, bots: 0 } };
  });
}
