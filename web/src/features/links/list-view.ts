import { create } from 'zustand';
import { INITIAL_QUERY, type LinkQuery } from './list-query.ts';

/**
 * Which page of which filters the Your URLs panel shows. Kept outside the panel because
 * the page's Refresh and a create from the sidebar's dialog send it back to page 1
 * (docs/links.md#listing-filtering-and-sorting); reset when the dashboard is left.
 */
interface ListView {
  query: LinkQuery;
  /** A filter changed: the new filters, from page 1. */
  change(changes: Partial<LinkQuery>): void;
  goToPage(page: number): void;
  backToFirstPage(): void;
  clearFilters(): void;
  reset(): void;
}

export const useListView = create<ListView>((set) => ({
  query: INITIAL_QUERY,
  change: (changes) => set(({ query }) => ({ query: { ...query, ...changes, page: 1 } })),
  goToPage: (page) => set(({ query }) => ({ query: { ...query, page } })),
  backToFirstPage: () => set(({ query }) => ({ query: { ...query, page: 1 } })),
  clearFilters: () => set(({ query }) => ({ query: { ...INITIAL_QUERY, tab: query.tab, sort: query.sort } })),
  reset: () => set({ query: INITIAL_QUERY }),
}));
