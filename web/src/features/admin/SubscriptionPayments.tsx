import { Suspense, useId } from 'react';
import type { z } from 'zod';
import type { BillingHistoryResponse } from '@linkledger/contracts';
import { api, errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { PaymentsTable } from '../billing/index.ts';
import { RetryMessage } from './StatusMessage.tsx';
import { userPaymentsQuery } from './admin-queries.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';

type Payments = z.infer<typeof BillingHistoryResponse>['billing_history'];

/** GET /api/admin/users/{id}/payments: the user's payments, in the billing history's shape. */
const userPayments = (id: number) => api<{ billing_history: Payments }>(`/admin/users/${id}/payments`);

/** A user's payments on the subscriptions tab: status, amount, method, receipt number and date, with the receipt's PDF. */
export function SubscriptionPayments({ userId, email }: { userId: number; email: string }) {
  const id = useId();
  const payments = useQuery(userPaymentsQuery(userId), () => userPayments(userId));
  return (
    <TitledCard className="admin__card" titleId={`${id}-title`} title="Payments" data-testid="admin-payments">
      {payments.data ? (
        payments.data.billing_history.length === 0 ? (
          <p className="admin__count">No payments recorded for this user.</p>
        ) : (
          <Suspense fallback={<p className="admin__count">Loading payments…</p>}>
            <PaymentsTable items={payments.data.billing_history} caption={`Payments of ${email}, newest first`} />
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
