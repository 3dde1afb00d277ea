import type { AnalyticsResponse, ReportScope } from '@linkledger/contracts';
import { LINKS, WORKSPACES, type LinkView, type WorkspaceView } from '@linkledger/projections';
import { notFound } from '../commands/domain-error.ts';
import type { Platform } from '../platform/platform.ts';
import { LINK_NOT_FOUND, TAG_NOT_FOUND, analyticsForPlan, linksAnalytics, shortUrl, workspaceLabels } from '../links/index.ts';
import type { ReportPeriod } from './report-period.ts';
import { topLinks } from './top-links.ts';

/** What a report is about: one link, a tag's links or all of a workspace's (docs/reports.md#scopes). */
export type ReportSubject = { scope: 'link'; id: number } | { scope: 'tag'; id: number } | { scope: 'workspace' };

/** The figures a report shows, read from the analytics store for one period. */
export interface ReportFigures {
  scope: ReportScope;
  /** The link's title, the tag's name or the workspace's name, as its owner wrote it. */
  name: string;
  /** The link's short URL; null for a tag or a workspace. */
  address: string | null;
  linkCount: number;
  /** Human clicks in the period (the analytics' own total_clicks counts all time). */
  clicks: number;
  period: ReportPeriod;
  generatedAt: string;
  analytics: Omit<AnalyticsResponse, 'retention'>;
  topLinks: { title: string; address: string; clicks: number }[];
}

/** Breakdown rows a report lists; the rest are counted in the totals. */
const REPORT_ROWS = 10;

export async function subjectLinks(platform: Pick<Platform, 'read'>, workspaceId: number, subject: ReportSubject) {
  if (subject.scope === 'link') {
    const link = await platform.read.get<LinkView>(LINKS, subject.id);
    if (!link || link.owner_id !== workspaceId) throw notFound(LINK_NOT_FOUND);
    return { name: link.title, link, links: [link] };
  }
  if (subject.scope === 'tag') {
    const labels = await workspaceLabels(platform, workspaceId);
    const tag = labels.liveTags().find((each) => each.id === subject.id);
    if (!tag) throw notFound(TAG_NOT_FOUND);
    const links = await platform.read.find<LinkView>(LINKS, { where: { owner_id: workspaceId, tag_ids: { has_any: labels.carriedIds(tag.id) } } });
    return { name: tag.name, link: null, links };
  }
  const workspace = await platform.read.get<WorkspaceView>(WORKSPACES, workspaceId);
  const links = await platform.read.find<LinkView>(LINKS, { where: { owner_id: workspaceId } });
  return { name: workspace?.name ?? '', link: null, links };
}

/** How a report's figures are read: `base` is the host short URLs are written on. */
interface FigureOptions {
  base: string;
  /** How the analytics queries are answered: over HTTP, a failing store is "try again" (links' analyticsInRange). */
  answered?: <T>(query: () => Promise<T>) => Promise<T>;
  /** The rows of each breakdown (the top ones): a report lists 10, an export every one. */
  rows?: number;
}

/**
 * A report's figures (docs/reports.md): the subject's links, found in the workspace (anyone
 * else's link or tag is "not found"), and their human clicks in the period, without the advanced
 * figures on a plan that lacks them (as the analytics screens show them).
 */
export async function reportFigures(
  platform: Pick<Platform, 'read' | 'analytics' | 'clock'>,
  workspaceId: number,
  subject: ReportSubject,
  period: ReportPeriod,
  { base, answered = (query) => query(), rows = REPORT_ROWS }: FigureOptions,
): Promise<ReportFigures> {
  const { name, link, links } = await subjectLinks(platform, workspaceId, subject);
  const now = platform.clock();
  const ids = links.map((each) => each.id);
  const range = { from: period.from, to: period.to };
  const [analytics, top] = await answered(() =>
    Promise.all([
      linksAnalytics(platform.analytics, ids, now, range, rows),
      subject.scope === 'link' ? Promise.resolve([]) : topLinks(platform.analytics, ids, range, REPORT_ROWS),
    ]),
  );
  const shown = await analyticsForPlan(platform, workspaceId, analytics);
  const byId = new Map(links.map((each) => [each.id, each]));
  return {
    scope: subject.scope,
    name,
    address: link ? shortUrl(base, link) : null,
    linkCount: links.length,
    clicks: shown.clicks_by_date.reduce((sum, day) => sum + day.clicks, 0),
    period,
    generatedAt: now.toISOString(),
    analytics: shown,
    topLinks: top.flatMap(({ linkId, clicks }) => {
      const each = byId.get(linkId);
      return each ? [{ title: each.title, address: shortUrl(base, each), clicks }] : [];
    }),
  };
}
