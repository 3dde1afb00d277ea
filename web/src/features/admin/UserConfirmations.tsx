import { errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { createdLabel } from '../../format/dates.ts';
import { ConfirmAction } from './ConfirmAction.tsx';
import { adminApi, type AdminUser, type PaidPeriod } from './admin-api.ts';
import { priceLabel } from './plan-form.ts';
import { paidPeriodQuery } from './admin-queries.ts';

export const planName = (plan: string) => plan[0]!.toUpperCase() + plan.slice(1);

interface PlanChangeProps {
  user: Pick<AdminUser, 'id' | 'email' | 'plan_type'>;
  plan: string;
  onConfirm(): Promise<void>;
  onClose(): void;
}

/** What the paid period's fate is, as the server will decide it: ended now, nothing credited (docs/admin.md#plans-and-features). */
function paidPeriodFate(period: PaidPeriod): string {
  if (!period.paid) return 'They have no paid period running, so nothing they paid for is lost.';
  const days = `${period.unused_days} unused day${period.unused_days === 1 ? '' : 's'}`;
  return (
    `They have paid for ${planName(period.plan_type)} (${period.billing_cycle}) until ${createdLabel(period.period_end!)}. ` +
    `That period ends now and is not credited or refunded: they lose the ${days}, worth ${priceLabel(period.unused_value_paise / 100)}.`
  );
}

/** Asks before a plan change, saying what happens to the paid period the user may have. */
export function PlanChangeConfirmation({ user, plan, onConfirm, onClose }: PlanChangeProps) {
  const period = useQuery(paidPeriodQuery(user.id), () => adminApi.paidPeriod(user.id));
  return (
    <ConfirmAction
      title={`Change plan to ${planName(plan)}?`}
      confirmLabel={`Change to ${planName(plan)}`}
      ready={period.data !== undefined || period.error !== undefined}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      <p>
        <strong className="confirm-action__who">{user.email}</strong> moves from {planName(user.plan_type)} to {planName(plan)} at once. An admin’s plan has no
        end date: it stays until an admin changes it.
      </p>
      <p className="confirm-action__consequence" data-paid={period.data?.paid ?? 'unknown'}>
        {period.data
          ? paidPeriodFate(period.data)
          : period.error !== undefined
            ? `${errorText(period.error, 'Failed to fetch user subscription')}. A paid period, if they have one, ends now and is not credited.`
            : 'Checking their paid period…'}
      </p>
    </ConfirmAction>
  );
}

/** Asks before a ban, saying that it stops every link at once. */
export function BanConfirmation({ user, onConfirm, onClose }: { user: AdminUser; onConfirm(): Promise<void>; onClose(): void }) {
  return (
    <ConfirmAction title="Ban this user?" confirmLabel="Ban user" onConfirm={onConfirm} onClose={onClose}>
      <p>
        <strong className="confirm-action__who">{user.email}</strong> is signed out everywhere and cannot sign in, use their API key or keep a live connection.
      </p>
      <p className="confirm-action__consequence">
        Every one of their short links stops at once: visitors get the not-found page instead of the destination. It all comes back when an admin activates the
        account.
      </p>
    </ConfirmAction>
  );
}
