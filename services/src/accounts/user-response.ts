import { UserResponse } from '@linkledger/contracts';
import type { UserView } from '@linkledger/projections';
import { currentPlan } from '../billing/index.ts';
import type { Platform } from '../platform/platform.ts';

/** The reference support and receipts quote for an account (docs/accounts.md#the-user). */
const customerIdOf = (userId: number) => `LL${String(userId).padStart(6, '0')}`;

/** A user as every screen reads them: the account, its status and what its plan grants now. */
export async function userResponse(platform: Pick<Platform, 'clock' | 'read'>, user: UserView): Promise<UserResponse> {
  const { plan } = await currentPlan(platform, user.id);
  return UserResponse.parse({
    ...user,
    customer_id: customerIdOf(user.id),
    phone: user.phone ?? null,
    status: user.status ?? 'active',
    features: plan.features,
  });
}
