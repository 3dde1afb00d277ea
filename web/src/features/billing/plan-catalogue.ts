import { billingApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import type { PlanList } from './plan-lines.ts';

export type Catalogue = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; plans: PlanList; featureNames: Map<string, string> };

/** The plan catalogue: the landing page, pricing, register note and limits screens read it. */
export const PLANS_QUERY = ['plans'] as const;

async function loadCatalogue() {
  const { plans, features } = await billingApi.plans();
  const sorted = [...plans].filter((plan) => plan.is_active).sort((a, b) => a.price_monthly - b.price_monthly);
  return { plans: sorted, featureNames: new Map(features.map((feature) => [feature.key, feature.name])) };
}

/**
 * The plan catalogue (GET /api/subscription/plans), cheapest plan first, with the features'
 * names: what every pricing card reads, so no figure is written twice. `retry` asks again.
 */
export function usePlanCatalogue(): { catalogue: Catalogue; retry(): void } {
  const { data, error, loading, refetch } = useQuery(PLANS_QUERY, loadCatalogue);
  const catalogue: Catalogue = data ? { state: 'loaded', ...data } : error !== undefined && !loading ? { state: 'failed' } : { state: 'loading' };
  return { catalogue, retry: () => void refetch() };
}
