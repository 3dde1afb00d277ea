import { createHash } from 'node:crypto';
import { defaultUsername, domainEventOf, type RecordedEvent } from '@linkledger/contracts';
import { handleMultiStreamCommand, type MultiStreamDecider, type CommandDeps } from '../commands/command-handler.ts';
import { allocateId, loadStream, metadataFor, type CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { signInLinkPlace, type LinkPlace, type SignInLinkBases } from '../mail/sign-in-link-mail.ts';
import { mailOwed, owedMailSpec, type MailToOwe } from '../owed-mail/index.ts';
import type { OwedMailState } from '../owed-mail/index.ts';
import { decideRegistration, normalizeEmail } from './register.ts';
import { freeStartName } from './username-claim.ts';
import { evolveSystem, initialSystem, type SystemState } from './user-state.ts';

/** The uniqueness claim of an email: a stream named by its hash, never the address itself. */
export const emailStream = (email: string) => `email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

/** Who holds an address's claim: the last EmailClaimed, unless an EmailReleased (an e-mail change or the account's deletion) followed it. */
export function evolveEmailClaim(holder: number | null, recorded: RecordedEvent): number | null {
  const event = domainEventOf(recorded);
  if (event?.type === 'EmailClaimed') return event.data.user_id;
  if (event?.type === 'EmailReleased') return null;
  return holder;
}

/** The user id behind an email, from its uniqueness claim (no read-model lag). */
export async function userIdByEmail(platform: Pick<Platform, 'events'>, email: string): Promise<number | null> {
  return (await platform.events.readStream(emailStream(email))).reduce(evolveEmailClaim, null);
}

interface Register {
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

/**
 * Registers an account. Refused while sign-up is disabled or when the address has an
 * account. Returns the new id once the read model has it.
 */
export async function registerUser(
  platform: CommandDeps & Pick<Platform, 'read'>,
  context: CommandContext,
  input: { email: string; passwordHash: string; fullName?: string; emailVerifiedByProvider?: boolean; verification?: Register['verification'] },
): Promise<number> {
  const email = normalizeEmail(input.email);
  const system = await loadStream(platform.events, 'system', initialSystem, evolveSystem);
  // Checked before an id is spent, and again in the command against the state its append expects.
  decideRegistration(
    { userId: 1, email, passwordHash: '' },
    { emailTaken: false, superAdminExists: system.state.superAdminId !== null, signupEnabled: system.state.signupEnabled },
  );
  const username = await freeStartName(platform, defaultUsername(email));
  const userId = await allocateId(platform.events, 'user', metadataFor(context));
  const asNewUser = { ...context, actor: { kind: 'user' as const, id: String(userId) } };
  await handleMultiStreamCommand(platform, asNewUser, registerDecider, {
    userId,
    email,
    passwordHash: input.passwordHash,
    fullName: input.fullName || undefined,
    emailVerifiedByProvider: input.emailVerifiedByProvider ?? false,
    ...(username ? { username } : {}),
    verification: input.verification,
  });
  return userId;
}
