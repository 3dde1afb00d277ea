import type { DomainEvent, Role, UserStatus } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** An id that is no account's (admin calls). */
export const USER_NOT_FOUND = 'User not found';

/** What the write side knows of one user, folded from the `user-{id}` stream. */
export interface UserState {
  id: number | null;
  email: string;
  passwordHash: string;
  role: Role;
  /** Suspended and banned accounts cannot sign in or call the API (docs/admin.md#user-status). */
  status: UserStatus;
  isVerified: boolean;
  /** When the password last changed (ISO), or null: link tokens issued before it are stale. */
  passwordChangedAt: string | null;
  /** The owner deleted the account (docs/privacy.md#deleting-an-account): nothing it owns acts any more. */
  deleted: boolean;
  /**
   * The latest e-mail change request, until its link is followed or it is cancelled: only the
   * link of this request (to this address, with this expiry) can change the address.
   */
  pendingChange: { email: string; expiresAt: string } | null;
}

export const noUser: UserState = {
  id: null,
  email: '',
  passwordHash: '',
  role: 'user',
  status: 'active',
  isVerified: false,
  passwordChangedAt: null,
  deleted: false,
  pendingChange: null,
};

export function evolveUser(state: UserState, event: DomainEvent, envelope: EventEnvelope): UserState {
  switch (event.type) {
    case 'UserRegistered':
      return { ...noUser, id: event.data.user_id, email: event.data.email, passwordHash: event.data.password_hash, role: event.data.role };
    case 'EmailVerified':
      return { ...state, isVerified: true };
    case 'PasswordChanged':
      return { ...state, passwordHash: event.data.password_hash, passwordChangedAt: envelope.metadata.at };
    case 'EmailChangeRequested':
      return { ...state, pendingChange: { email: event.data.new_email, expiresAt: event.data.expires_at } };
    case 'EmailChanged':
      // The link to the new address proved it.
      return { ...state, email: event.data.email, isVerified: true, pendingChange: null };
    case 'EmailChangeCancelled':
      return { ...state, pendingChange: null };
    case 'UserStatusChanged':
      return { ...state, status: event.data.status };
    case 'UserRoleChanged':
      return { ...state, role: event.data.role };
    case 'AccountDeleted':
      return { ...state, deleted: true };
    default:
      return state;
  }
}

/** The installation-wide settings, folded from the `system` stream. */
export interface SystemState {
  superAdminId: number | null;
  signupEnabled: boolean;
}

export const initialSystem: SystemState = { superAdminId: null, signupEnabled: true };

export function evolveSystem(state: SystemState, event: DomainEvent): SystemState {
  switch (event.type) {
    case 'SuperAdminAssigned':
      return { ...state, superAdminId: event.data.user_id };
    case 'SignupToggled':
      return { ...state, signupEnabled: event.data.enabled };
    default:
      return state;
  }
}
