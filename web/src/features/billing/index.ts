import { lazy } from 'react';

// The billing feature's public face: the caller's subscription, the plan catalogue and its
// cards (the landing page shows them), limit wording, and its screens.
export { refreshSubscription, useSubscription } from './subscription.ts';
export { planLabel } from './plan-label.ts';
export { PRICING_HREF } from './pricing-href.ts';
export { limitLabel } from './usage.ts';
export { linkLimitIsAccounts } from './account-limits.ts';
export { usePlanCatalogue } from './plan-catalogue.ts';
export { chooseLabel } from './plan-lines.ts';
export { PlanCards } from './PlanCards.tsx';
export { CardIcon as PaymentsIcon } from './payments/payment-icons.tsx';

export const LimitsPage = lazy(() => import('./LimitsPage.tsx'));
/** Public: visitors see the site's frame, signed-in users their shell (the page decides). */
export const PricingPage = lazy(() => import('./PricingPage.tsx'));
/** Payment methods, billing history with receipts, and the subscription (signed in). */
export const PaymentManagementPage = lazy(() => import('./payments/PaymentManagementPage.tsx'));
/** A list of payments with receipt downloads (the admin's view of a user's payments); wrap it in Suspense. */
export const PaymentsTable = lazy(() => import('./payments/PaymentsTable.tsx'));
