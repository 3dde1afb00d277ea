import { defaultUsername, shreddedEmail, shreddedName } from '@linkledger/contracts';
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
  status?: 'active' | 'suspended' | 'banned' | 'deleted';
  plan_type: 'free' | 'pro' | 'enterprise';
  is_verified: boolean;
  is_active: boolean;
  created_at: string;
  /** Set by a password change (ISO): tokens issued before it are refused. */
  sessions_valid_after?: string;
  /** When the account's latest session started (ISO): a later sign-out everywhere is dated after it. */
  sessions_started_until?: string;
  /** The one session a change from the settings kept signed in, though issued before it. */
  sessions_kept_jti?: string | null;
  /** An e-mail change waiting for its link to be followed (docs/accounts.md#changing-the-e-mail-address). */
  pending_email?: string | null;
}

// Usernames are looked up by value when one is chosen or an account starts (docs/accounts.md#profile).
export const userIndexes = { [USERS]: [['email'], ['username']] } as const;

/**
 * From when the account's sessions are valid again after a password change or a sign-out
 * everywhere: the event's time, but always after every session started before it and
 * after the previous such moment, so a wall clock stepped back cannot leave an earlier
 * session (dated later) signed in (docs/architecture.md#time).
 */
function sessionsValidAfter(user: UserView, at: string): string {
  let ms = Date.parse(at);
  for (const earlier of [user.sessions_valid_after, user.sessions_started_until]) {
    // Only a time after the event's own says the clock went back; the same time is the event's.
    if (typeof earlier === 'string' && Date.parse(earlier) > Date.parse(at)) ms = Math.max(ms, Date.parse(earlier) + 1);
  }
  return new Date(ms).toISOString();
}

export const userHandlers: ReadModelHandlers = {
  UserRegistered({ user_id, email, role, full_name }, recorded, tx) {
    const user: UserView = {
      id: user_id,
      email,
      username: defaultUsername(email),
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
  async SessionStarted({ user_id }, recorded, tx) {
    const at = recorded.metadata.at;
    await tx.update<UserView>(USERS, user_id, (user) =>
      user.sessions_started_until && Date.parse(user.sessions_started_until) >= Date.parse(at) ? user : { ...user, sessions_started_until: at },
    );
  },
  async PasswordChanged({ user_id, kept_jti }, recorded, tx) {
    // A reset keeps no session: any session kept by an earlier change goes too.
    await tx.update<UserView>(USERS, user_id, (user) => {
      const next: UserView = { ...user, sessions_valid_after: sessionsValidAfter(user, recorded.metadata.at), sessions_kept_jti: kept_jti };
      if (!kept_jti) delete next.sessions_kept_jti;
      return next;
    });
  },
  async OtherSessionsRevoked({ user_id, kept_jti }, recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({
      ...user,
      sessions_valid_after: sessionsValidAfter(user, recorded.metadata.at),
      sessions_kept_jti: kept_jti,
    }));
  },
  async AllSessionsRevoked({ user_id }, recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => {
      const next: UserView = { ...user, sessions_valid_after: sessionsValidAfter(user, recorded.metadata.at) };
      delete next.sessions_kept_jti;
      return next;
    });
  },
  async ProfileUpdated({ user_id, username, full_name, phone }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, username, full_name: full_name || null, phone: phone || null }));
  },
  async EmailChangeRequested({ user_id, new_email }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, pending_email: new_email }));
  },
  async EmailChangeCancelled({ user_id }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, pending_email: null }));
  },
  async EmailChanged({ user_id, email }, _recorded, tx) {
    // Following the link proved the new address.
    await tx.update<UserView>(USERS, user_id, (user) => ({ ...user, email, is_verified: true, pending_email: null }));
  },
  async UserStatusChanged({ user_id, status }, _recorded, tx) {
    // Nothing after a deletion makes the account usable again (docs/privacy.md#deleting-an-account).
    await tx.update<UserView>(USERS, user_id, (user) => (user.status === 'deleted' ? user : { ...user, status, is_active: status === 'active' }));
  },
  async UserRoleChanged({ user_id, role }, _recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => (user.status === 'deleted' ? user : { ...user, role }));
  },
  // The same anonymous document a replay builds from the shredded events (docs/privacy.md).
  async AccountDeleted({ user_id }, recorded, tx) {
    await tx.update<UserView>(USERS, user_id, (user) => {
      const anonymous: UserView = {
        ...user,
        email: shreddedEmail,
        username: defaultUsername(shreddedEmail),
        full_name: shreddedName,
        phone: null,
        pending_email: null,
        status: 'deleted',
        is_active: false,
        // Every token issued before now is refused, whatever the status check says.
        sessions_valid_after: sessionsValidAfter(user, recorded.metadata.at),
      };
      delete anonymous.sessions_kept_jti;
      return anonymous;
    });
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
      case 'SessionStarted':
      case 'PasswordChanged':
      case 'OtherSessionsRevoked':
      case 'AllSessionsRevoked':
      case 'ProfileUpdated':
      case 'EmailChangeRequested':
      case 'EmailChanged':
      case 'EmailChangeCancelled':
      case 'UserStatusChanged':
      case 'UserRoleChanged':
      case 'AccountDeleted':
        users.add(event.data.user_id);
    }
  }
  await tx.prefetch(USERS, users);
};
