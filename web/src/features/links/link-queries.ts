import { linksApi, type LinkListParams } from '../../api/endpoints.ts';
import { cachedQueries, invalidate, setQueryData, updateQueries } from '../../api/query.ts';
import type { LinkList, UserStats } from '../../api/types.ts';
import type { LiveClick } from '../../live/live.ts';
import { LINK_DETAILS } from '../../api/link-details.ts';
import { refreshSubscription } from '../billing/index.ts';
import { useListView } from './list-view.ts';

/*
 * The links feature's server state (docs/architecture.md#the-web-app): every list page the
 * Your URLs panel has read, the caller's totals, and one link's details (the analytics
 * screen). Mutations call `linksChanged`; live clicks patch the cache in place.
 */

/** Every page of the Your URLs list, keyed by its filters. */
const LINK_LISTS = ['links'] as const;
export const linkListQuery = (params: LinkListParams) => [...LINK_LISTS, params] as const;
/** The caller's link totals: read by the tiles. */
export const STATS_QUERY = ['stats'] as const;
/** Which own domain or TRAI header new links can use (the Create dialog reads it). */
export const DOMAIN_INFO_QUERY = ['domain-info'] as const;

/** A dashboard part that fails is logged and the rest carries on (docs/web-app.md#dashboard). */
const logged =
  <T>(what: string, read: () => Promise<T>) =>
  () =>
    read().catch((error: unknown) => {
      console.error(`Could not load ${what}`, error);
      throw error;
    });

export const loadLinkList = (params: LinkListParams) => logged('the URLs', () => linksApi.list(params));
export const loadStats = logged('the stats', () => linksApi.stats());
export const loadDomainInfo = logged('the domain info', () => linksApi.domainInfo());

/** After a link is created, edited or deleted: the lists, totals, details and the plan's usage are stale. */
export function linksChanged(): Promise<unknown> {
  return Promise.all([invalidate(LINK_LISTS), invalidate(STATS_QUERY), invalidate(LINK_DETAILS), refreshSubscription()]);
}

/**
 * A live click: the link's total changes in place on every cached list page that shows it,
 * and the tiles' total grows by the difference. A link on no cached page (so its old total
 * is unknown) makes the totals be read again rather than guessed. Answers whether the
 * click was counted.
 */
export function applyLiveClick(click: LiveClick): boolean {
  const known = cachedQueries<LinkList>(LINK_LISTS)
    .flatMap((list) => list.urls)
    .find((link) => link.id === click.url_id)?.total_clicks;
  updateQueries<LinkList>(LINK_LISTS, (list) =>
    list.urls.some((link) => link.id === click.url_id)
      ? { ...list, urls: list.urls.map((link) => (link.id === click.url_id ? { ...link, total_clicks: click.total_clicks } : link)) }
      : list,
  );
  if (known === undefined) {
    void invalidate(STATS_QUERY);
    return true;
  }
  const delta = click.total_clicks - known;
  if (delta <= 0) return false;
  setQueryData<UserStats>(STATS_QUERY, (stats) => stats && { ...stats, total_clicks: stats.total_clicks + delta });
  return true;
}

/** A link was created (the quick bar or the Create dialog): the list goes back to page 1 to show it. */
export function linkCreated(): Promise<unknown> {
  useListView.getState().backToFirstPage();
  return linksChanged();
}
