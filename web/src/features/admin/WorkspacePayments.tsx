import { invalidate } from '../../api/query.ts';
import { StatusMessage } from './StatusMessage.tsx';
import { SubscriptionPayments } from './SubscriptionPayments.tsx';
import { LookupForm, useWorkspaceLookup } from './UserLookup.tsx';
import { paymentsQuery } from './admin-queries.ts';

/**
 * A team workspace's payments, found by its slug: whichever member paid for the team, the
 * payment is the team's and is listed here, not under the payer (docs/admin.md#subscriptions).
 */
export function WorkspacePayments() {
  const lookup = useWorkspaceLookup();
  const { found } = lookup;
  return (
    <div className="admin__section" data-testid="admin-workspace-payments">
      <LookupForm lookup={lookup} submitLabel="Get workspace payments" reread={() => invalidate(paymentsQuery('workspaces', found?.id ?? null))} />
      <StatusMessage text={lookup.message} />
      {found ? <SubscriptionPayments key={found.id} subject={{ of: 'workspaces', id: found.id, name: found.name }} /> : null}
    </div>
  );
}
