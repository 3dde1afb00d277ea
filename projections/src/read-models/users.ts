import type { ReadModelHandlers, ReadModelPrefetch } from './handlers.ts';

// Sessions belong to accounts: their collection is published with the users'.
export * from './sessions.ts';

export const USERS = 'users';

export interface UserView {
  [key: string]: unknown;
  id: number;
  email: string;
  username: string;
  full_name: string | null;
  /** Set in the account settings; null until then. */
  phone?: string | null;
  role: 'user' | 'admin' | 'super_admin';
  /** Absent on documents projected before statuses existed: active. */
  status?: 'active' | 'suspended' | 'banned';
  plan_type: 'free' | 'pro' | 'enterprise';
  is_verified: boolean;
  is_active: boolean;
  created_at: string;
  /** Set by a password change (ISO): tokens issued before it are refused. */
  sessions_valid_after?: string;
}

export const userIndexes = { [USERS]: [['email']] } as const;

export const userHandlers: ReadModelHandlers = {
  UserRegistered({ user_id, email, role, full_name }, recorded, tx) {
    const user: UserView = {
      id: user_id,
      email,
      username: email.split('@')[0] ?? email,
      full_name: full_name ?? null,
      role,
      plan_type: 'free',
      is_verified: false,
      is_active: true,
      status: 'active',
      created_at: recorded.metadata.at,
    };
    tx.put(USERS, user);
  },
  async EmailVerified({ user_id }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, is_verified: true }));
  },
  async PlanChanged({ user_id, plan_type }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, plan_type }));
  },
  async SubscriptionActivated({ user_id, plan_type }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, plan_type }));
  },
  async SubscriptionExpired({ user_id }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, plan_type: 'free' }));
  },
  async PasswordChanged({ user_id }, recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, sessions_valid_after: recorded.metadata.at }));
  },
  async UserStatusChanged({ user_id, status }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, status, is_active: status === 'active' }));
  },
  async UserRoleChanged({ user_id, role }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, role }));
  },
};

/** The users the batch's account events change. */
export const prefetchUsers: ReadModelPrefetch = async (batch, tx) => {
  const users = new Set<number>();
  for (const { event } of batch) {
    switch (event.type) {
      case 'EmailVerified':
      case 'PlanChanged':
      case 'SubscriptionActivated':
      case 'SubscriptionExpired':
      case 'PasswordChanged':
      case 'UserStatusChanged':
      case 'UserRoleChanged':
        users.add(event.data.user_id);
    }
  }
  await tx.prefetch(USERS, users);
};
