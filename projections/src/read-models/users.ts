import type { ReadModelHandlers } from './handlers.ts';

export const USERS = 'users';

export interface UserView {
  [key: string]: unknown;
  id: number;
  email: string;
  username: string;
  full_name: string | null;
  role: 'user' | 'admin' | 'super_admin';
  plan_type: 'free' | 'pro' | 'enterprise';
  is_verified: boolean;
  is_active: boolean;
  created_at: string;
}

export const userIndexes = { [USERS]: [['email']] } as const;

export const userHandlers: ReadModelHandlers = {
  UserRegistered({ user_id, email, role }, recorded, tx) {
    const user: UserView = {
      id: user_id,
      email,
      username: email.split('@')[0] ?? email,
      full_name: null,
      role,
      plan_type: 'free',
      is_verified: false,
      is_active: true,
      created_at: recorded.metadata.at,
    };
    tx.put(USERS, user);
  },
};
