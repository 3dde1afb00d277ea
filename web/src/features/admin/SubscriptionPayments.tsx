import { Suspense, useId } from 'react';
import type { z } from 'zod';
import type { BillingHistoryResponse } from '@linkledger/contracts';
import { api, errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { PaymentsTable } from '../billing/index.ts';
import { RetryMessage } from './StatusMessage.tsx';
import { paymentsQuery } from './admin-queries.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';

type Payments = z.infer<typeof BillingHistoryResponse>['billing_history'];

/** Whose payments: a user's (their personal workspace's) or a workspace's, by id, and what the admin knows it by. */
type PaymentsOf = { of: 'users'; id: number; email: string } | { of: 'workspaces'; id: number; name: string };

/** GET /api/admin/users/{id}/payments or /api/admin/workspaces/{id}/payments: in the billing history's shape. */
const paymentsOf = (subject: PaymentsOf) => api<{ billing_history: Payments }>(`/admin/${subject.of}/${subject.id}/payments`);

/** Payments on the subscriptions tab: status, amount, method, receipt number and date, with the receipt's PDF. */
export function SubscriptionPayments({ subject }: { subject: PaymentsOf }) {
  const id = useId();
  const payments = useQuery(paymentsQuery(subject.of, subject.id), () => paymentsOf(subject));
  const [noun, name] = subject.of === 'users' ? ['user', subject.email] : ['workspace', subject.name];
  return (
    <TitledCard className="admin__card" titleId={`${id}-title`} title="Payments" data-testid="admin-payments">
      {payments.data ? (
        payments.data.billing_history.length === 0 ? (
          <p className="admin__count">No payments recorded for this {noun}.</p>
        ) : (
          <Suspense fallback={<p className="admin__count">Loading payments…</p>}>
            <PaymentsTable items={payments.data.billing_history} caption={`Payments of ${name}, newest first`} />
          </Suspense>
        )
      ) : payments.error !== undefined && !payments.loading ? (
        <RetryMessage text={errorText(payments.error, 'Failed to fetch data')} onRetry={() => void payments.refetch()} />
      ) : (
        <p className="admin__count">Loading payments…</p>
      )}
    </TitledCard>
  );
}
