import type { DomainEvent } from '@linkledger/contracts';
import { HttpError } from '../platform/http-errors.ts';

export interface RegisterCommand {
  userId: number;
  email: string;
  passwordHash: string;
}

export interface RegistrationState {
  emailTaken: boolean;
  superAdminExists: boolean;
}

export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead, or reset your password.';

/** The first account of an installation becomes its super admin; later ones are users. */
export function decideRegistration(command: RegisterCommand, state: RegistrationState): DomainEvent[] {
  if (state.emailTaken) throw new HttpError(409, EMAIL_TAKEN);
  const role = state.superAdminExists ? 'user' : 'super_admin';
  const events: DomainEvent[] = [
    { type: 'EmailClaimed', data: { user_id: command.userId } },
    { type: 'UserRegistered', data: { user_id: command.userId, email: command.email, password_hash: command.passwordHash, role } },
  ];
  if (role === 'super_admin') events.push({ type: 'SuperAdminAssigned', data: { user_id: command.userId } });
  return events;
}

/** Emails are unique case-insensitively; the claim stream is named by a hash, not the address. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}
