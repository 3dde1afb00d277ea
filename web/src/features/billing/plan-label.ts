/** The sidebar's plan label (docs/web-app.md#signed-in-shell): the subscription's plan name, else the user's plan_type, else free — capitalised. */
export function planLabel(subscriptionPlanName: string | null | undefined, userPlanType: string | null | undefined): string {
  const name = subscriptionPlanName || userPlanType || 'free';
  return name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();
}
