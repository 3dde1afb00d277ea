import type { DomainEvent } from '@linkledger/contracts';
import type { MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, forbidden } from '../commands/domain-error.ts';
import { signInLinkPlace, type LinkPlace, type SignInLinkBases } from '../mail/sign-in-link-mail.ts';
import { mailOwed, owedMailSpec, type MailToOwe } from '../owed-mail/index.ts';
import type { OwedMailState } from '../owed-mail/index.ts';
import { emailStream, evolveEmailClaim } from './email-claim-state.ts';
import { evolveSystem, initialSystem, type SystemState } from './user-state.ts';

interface RegisterCommand {
  userId: number;
  email: string;
  passwordHash: string;
  fullName?: string;
  /** A social provider vouched for the address: the account starts verified. */
  emailVerifiedByProvider?: boolean;
  /** The name the account starts with when its address's own is another account's (`ada-2`); absent otherwise. */
  username?: string;
}

interface RegistrationState {
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

export interface Register {
  userId: number;
  email: string;
  passwordHash: string;
  emailVerifiedByProvider: boolean;
  username?: string;
  /** The verification mail the registration owes, and where its link may lead. */
  verification?: { mail: MailToOwe; bases: SignInLinkBases };
}

/** Where the new account's verification link leads; null when its role's place is not known (an admin's, without a trusted origin). */
function placeFor(role: Parameters<typeof signInLinkPlace>[0]['role'], bases: SignInLinkBases): LinkPlace | null {
  try {
    return signInLinkPlace({ role }, bases);
  } catch {
    return null;
  }
}

/**
 * Registration spans three streams: the address's uniqueness claim, the new user's own, and
 * `system` (the first account becomes super admin), and the verification mail it owes
 * (docs/operations.md#mail-that-is-never-lost), written in one atomic append.
 */
export const registerDecider: MultiStreamDecider<Register, { claim: boolean; user: boolean; system: SystemState; mail: OwedMailState }> = {
  streamsOf: (command) => ({
    claim: { stream: emailStream(command.email), initialState: false, evolve: (taken, recorded) => evolveEmailClaim(taken ? 0 : null, recorded) !== null },
    user: { stream: `user-${command.userId}`, initialState: false, evolve: () => true },
    system: { stream: 'system', initialState: initialSystem, evolve: evolveSystem },
    mail: owedMailSpec(command.verification?.mail.mailId ?? `none-${command.userId}`),
  }),
  decide: (command, states) => {
    const decided = decideRegistration(command, {
      emailTaken: states.claim,
      superAdminExists: states.system.superAdminId !== null,
      signupEnabled: states.system.signupEnabled,
    });
    const ofType = (...types: string[]) => decided.filter((event) => types.includes(event.type));
    const registered = decided.find((event) => event.type === 'UserRegistered');
    const verified = decided.some((event) => event.type === 'EmailVerified');
    const place =
      command.verification && registered?.type === 'UserRegistered' && !verified ? placeFor(registered.data.role, command.verification.bases) : null;
    const mail = place && command.verification ? [mailOwed(command.verification.mail, { kind: 'verify_email', userId: command.userId, place })] : [];
    return { claim: ofType('EmailClaimed'), user: ofType('UserRegistered', 'ProfileUpdated', 'EmailVerified'), system: ofType('SuperAdminAssigned'), mail };
  },
};
