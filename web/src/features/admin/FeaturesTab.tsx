import './PlansTab.css';
import { errorText } from '../../api/client.ts';
import { billingApi } from '../../api/endpoints.ts';
import { useQuery } from '../../api/query.ts';
import { StatusMessage } from './StatusMessage.tsx';
import { adminApi, type AdminPlan } from './admin-api.ts';
import { groupFeatures, type Feature } from './plan-form.ts';
import { ADMIN_PLANS_QUERY, FEATURES_QUERY } from './admin-queries.ts';

/** Every plan, inactive ones included (the plans and features tabs share it). */
export function useAdminPlans() {
  return useQuery(ADMIN_PLANS_QUERY, adminApi.plans);
}

const loadFeatures = async () => (await billingApi.plans()).features;

/**
 * Every feature key with its name, description and category, as the public plans call
 * publishes them (docs/admin.md#plans-and-features). Kept under an admin key of its own:
 * the public catalogue's ['plans'] entry holds another shape.
 */
export function useFeatureList() {
  return useQuery(FEATURES_QUERY, loadFeatures);
}

/** Every feature a plan can grant, by category, with the plans that grant it (docs/plans.md#features). */
export function FeaturesTab() {
  const features = useFeatureList();
  const plans = useAdminPlans();
  const groups = features.data ? groupFeatures(features.data) : [];

  return (
    <div className="admin__section">
      {features.error !== undefined && !features.data ? <StatusMessage text={errorText(features.error, 'Failed to fetch features')} /> : null}
      {plans.error !== undefined && !plans.data ? <StatusMessage text={errorText(plans.error, 'Failed to fetch plans')} /> : null}
      <p className="admin__count" aria-live="polite">
        {features.data
          ? `${features.data.length} ${features.data.length === 1 ? 'feature' : 'features'}, ${groups.length} ${groups.length === 1 ? 'category' : 'categories'}`
          : features.loading
            ? 'Loading features…'
            : null}
      </p>
      {groups.map((group) => (
        <section key={group.category} className="card admin__card" aria-labelledby={`features-${group.category}`} data-category={group.category}>
          <h2 id={`features-${group.category}`} className="card__title">
            {group.label}
          </h2>
          <ul className="plan-features">
            {group.features.map((feature) => (
              <FeatureItem key={feature.key} feature={feature} plans={plans.data?.plans} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function FeatureItem({ feature, plans }: { feature: Feature; plans: AdminPlan[] | undefined }) {
  const granting = plans?.filter((plan) => (plan.features as readonly string[]).includes(feature.key));
  return (
    <li className="plan-features__item" data-feature={feature.key}>
      <div className="plan-features__head">
        <span className="plan-features__name">{feature.name}</span>
        <code className="code-inline plan-features__key">{feature.key}</code>
      </div>
      <p className="plan-features__description">{feature.description}</p>
      <div className="plan-features__plans">
        <span className="plan-features__plans-label">Granted by:</span>
        {granting === undefined ? (
          <span className="plan-features__none">unknown</span>
        ) : granting.length === 0 ? (
          <span className="plan-features__none">no plan</span>
        ) : (
          <ul className="plan-badges" aria-label={`Plans granting ${feature.name}`}>
            {granting.map((plan) => (
              <li key={plan.id}>
                <span className={`badge ${plan.is_active ? 'badge--info' : ''}`}>
                  {plan.display_name}
                  {plan.is_active ? '' : ' (inactive)'}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
