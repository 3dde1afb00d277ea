import type { DomainEvent } from '@linkledger/contracts';
import { conflict, forbidden } from '../commands/domain-error.ts';

export interface RegisterCommand {
  userId: number;
  email: string;
  passwordHash: string;
  fullName?: string;
  /** A social provider vouched for the address: the account starts verified. */
  emailVerifiedByProvider?: boolean;
  /** The name the account starts with when its address's own is another account's (`ada-2`); absent otherwise. */
  username?: string;
}

export interface RegistrationState {
  emailTaken: boolean;
  superAdminExists: boolean;
  signupEnabled: boolean;
}

export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead, or reset your password.';
export const SIGNUP_DISABLED =
  'Registration is currently disabled: we are not accepting new accounts. Existing users can still sign in; please check back later or contact the administrator.';

/** The first account of an installation becomes its super admin; later ones are users. */
export function decideRegistration(command: RegisterCommand, state: RegistrationState): DomainEvent[] {
  // A fresh installation always admits its first account, whatever the setting says.
  if (!state.signupEnabled && state.superAdminExists) throw forbidden(SIGNUP_DISABLED);
  if (state.emailTaken) throw conflict(EMAIL_TAKEN);
  const role = state.superAdminExists ? 'user' : 'super_admin';
  const events: DomainEvent[] = [
    { type: 'EmailClaimed', data: { user_id: command.userId } },
    {
      type: 'UserRegistered',
      data: {
        user_id: command.userId,
        email: command.email,
        password_hash: command.passwordHash,
        role,
        ...(command.fullName ? { full_name: command.fullName } : {}),
      },
    },
  ];
  // Usernames are unique (docs/accounts.md#profile): a start name taken by another account becomes `name-2` …
  if (command.username)
    events.push({ type: 'ProfileUpdated', data: { user_id: command.userId, username: command.username, full_name: command.fullName ?? '', phone: '' } });
  if (command.emailVerifiedByProvider) events.push({ type: 'EmailVerified', data: { user_id: command.userId, via: 'oauth' } });
  if (role === 'super_admin') events.push({ type: 'SuperAdminAssigned', data: { user_id: command.userId } });
  return events;
}

/** Emails are unique case-insensitively; the claim stream is named by a hash, not the address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
