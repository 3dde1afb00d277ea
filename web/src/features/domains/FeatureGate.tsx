import type { ReactNode } from 'react';
import { useSubscription } from '../billing/index.ts';
import { UpgradePrompt } from './UpgradePrompt.tsx';

/**
 * Shows its children when the caller's plan has the feature (the subscription's
 * `feature_list`); otherwise the fallback when given, else the upgrade prompt "Feature Not
 * Available" with a link to /pricing. While the subscription is read it shows a placeholder; when it cannot be read,
 * the screen acts as on the Free plan (docs/plans.md#when-the-subscription-cannot-be-read).
 */
export function FeatureGate({ feature, children, prompt, fallback }: { feature: string; children: ReactNode; prompt: string; fallback?: ReactNode }) {
  const { subscription, failed } = useSubscription();
  if (!subscription && !failed) {
    return (
      <div className="card domains__loading" aria-busy="true">
        <span className="skeleton" style={{ width: '40%', height: '1.25rem' }} aria-hidden="true" />
        <span className="skeleton" style={{ width: '100%', height: '2.75rem' }} aria-hidden="true" />
        <span className="visually-hidden">Loading…</span>
      </div>
    );
  }
  if (subscription?.feature_list.includes(feature)) return <>{children}</>;
  return fallback ?? <UpgradePrompt text={prompt} />;
}
