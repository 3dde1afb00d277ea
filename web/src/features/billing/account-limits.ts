/**
 * Whether the monthly link limit in force is one an admin set for the account rather than
 * the plan's own (docs/plans.md#monthly-link-limit). Such a limit stays through plan
 * changes, so a bigger plan would not lift it; an unlimited account needs none.
 */
export function linkLimitIsAccounts(limits: { monthly_links: number }, plan: { monthly_links_limit: number; is_unlimited?: boolean }): boolean {
  return !plan.is_unlimited && limits.monthly_links !== plan.monthly_links_limit;
}

/** Whether the usage page pitches the upgrade: on Free, and only while the plan's own link limit is in force. */
export function offersUpgrade(view: {
  plan: { name: string; monthly_links_limit: number; is_unlimited?: boolean };
  limits: { monthly_links: number };
}): boolean {
  return view.plan.name === 'free' && !linkLimitIsAccounts(view.limits, view.plan);
}
