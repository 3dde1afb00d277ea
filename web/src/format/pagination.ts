/** 10 links a page; at most 5 page numbers shown (docs/links.md#listing-filtering-and-sorting). */
export const PAGE_SIZE = 10;
const MAX_PAGE_BUTTONS = 5;

export const pageCount = (total: number, pageSize = PAGE_SIZE) => Math.max(1, Math.ceil(total / pageSize));

/**
 * The page numbers to show around the current page: a window of up to 5, centred on the
 * current page where possible, shifted at either end ([1..5], [3..7], [6..10] of 10).
 */
export function pageWindow(current: number, pages: number, size = MAX_PAGE_BUTTONS): number[] {
  const count = Math.min(size, pages);
  const start = Math.min(Math.max(1, current - Math.floor(count / 2)), pages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}
