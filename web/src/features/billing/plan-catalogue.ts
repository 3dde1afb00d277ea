import { useCallback, useEffect, useState } from 'react';
import { billingApi } from '../../api/endpoints.ts';
import type { PlanList } from './plan-lines.ts';

export type Catalogue = { state: 'loading' } | { state: 'failed' } | { state: 'loaded'; plans: PlanList; featureNames: Map<string, string> };

/**
 * The plan catalogue (GET /api/subscription/plans), cheapest plan first, with the features'
 * names: what every pricing card reads, so no figure is written twice. `retry` asks again.
 */
export function usePlanCatalogue(): { catalogue: Catalogue; retry(): void } {
  const [catalogue, setCatalogue] = useState<Catalogue>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    billingApi.plans().then(
      ({ plans, features }) => {
        if (!live) return;
        const sorted = [...plans].filter((plan) => plan.is_active).sort((a, b) => a.price_monthly - b.price_monthly);
        setCatalogue({ state: 'loaded', plans: sorted, featureNames: new Map(features.map((feature) => [feature.key, feature.name])) });
      },
      () => live && setCatalogue({ state: 'failed' }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  const retry = useCallback(() => {
    setCatalogue({ state: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { catalogue, retry };
}
