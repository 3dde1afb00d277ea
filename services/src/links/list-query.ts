import type { CreatedVia, DomainFilter, Query, SortBy, StatusFilter, Where } from '@linkledger/contracts';

interface LinkFilters {
  search?: string | undefined;
  createdVia?: CreatedVia | undefined;
  domain?: DomainFilter | undefined;
  /** active: is_active true; inactive: switched off; all (or absent): both. */
  status?: StatusFilter | undefined;
  /** Inclusive UTC days, YYYY-MM-DD, on created_at. */
  dateFrom?: string | undefined;
  dateTo?: string | undefined;
  /** The tag and folder conditions (labels/label-filter.ts). */
  labels?: Where | undefined;
}

const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * One owner's links under the dashboard's filters, as a read-store filter. created_at is
 * an ISO timestamp, so day bounds compare as strings: '2026-11-22T…' ≥ '2026-11-22', and
 * the last day is included by stopping before the next one.
 */
export function linkFilter(ownerId: number, filters: LinkFilters): Where {
  const where: Where = { ...filters.labels, owner_id: ownerId };
  if (filters.createdVia) where['created_via'] = filters.createdVia;
  if (filters.status === 'active') where['is_active'] = true;
  if (filters.status === 'inactive') where['is_active'] = false;
  if (filters.dateFrom || filters.dateTo) {
    where['created_at'] = {
      ...(filters.dateFrom ? { gte: filters.dateFrom } : {}),
      ...(filters.dateTo ? { lt: nextDay(filters.dateTo) } : {}),
    };
  }
  // Domains: a link on a custom domain or behind a TRAI header is "custom"; the read model
  // keeps null (never '') for "none", and `gt: ''` holds for any non-empty text only.
  let domainAlternatives: Where[] | undefined;
  if (filters.domain === 'default') Object.assign(where, { custom_domain: null, trai_header: null });
  if (filters.domain === 'custom') domainAlternatives = [{ custom_domain: { gt: '' } }, { trai_header: { gt: '' } }];
  const term = filters.search?.trim();
  const searchAlternatives: Where[] | undefined = term
    ? [{ title: { contains: term } }, { original_url: { contains: term } }, { short_code: { contains: term } }]
    : undefined;
  // A filter holds one `or`; both together are (s1 ∨ s2 ∨ s3) ∧ (d1 ∨ d2) = ∨ᵢ (sᵢ ∧ (d1 ∨ d2)).
  if (searchAlternatives && domainAlternatives) where.or = searchAlternatives.map((alternative) => ({ ...alternative, or: domainAlternatives }));
  else if (searchAlternatives ?? domainAlternatives) where.or = searchAlternatives ?? domainAlternatives;
  return where;
}

/** The list's order; ties fall back to the newest first, then the highest id. */
export function linkSort(sortBy: SortBy): NonNullable<Query['sort']> {
  const newest = [
    { field: 'created_at', direction: 'desc' },
    { field: 'id', direction: 'desc' },
  ] as const;
  switch (sortBy) {
    case 'newest':
      return [...newest];
    case 'oldest':
      return [
        { field: 'created_at', direction: 'asc' },
        { field: 'id', direction: 'asc' },
      ];
    case 'clicks':
      return [{ field: 'total_clicks', direction: 'desc' }, ...newest];
    case 'title':
      return [{ field: 'title_key', direction: 'asc' }, ...newest];
  }
}
