import { createHash } from 'node:crypto';
import { defaultUsername, domainEventOf, type RecordedEvent } from '@linkledger/contracts';
import { handleMultiStreamCommand, type MultiStreamDecider, type CommandDeps } from '../commands/command-handler.ts';
import { allocateId, loadStream, metadataFor, type CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
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
}

/**
 * Registration spans three streams: the address's uniqueness claim, the new user's own, and
 * `system` (the first account becomes super admin), written in one atomic append.
 */
export const registerDecider: MultiStreamDecider<Register, { claim: boolean; user: boolean; system: SystemState }> = {
  streamsOf: (command) => ({
    claim: { stream: emailStream(command.email), initialState: false, evolve: (taken, recorded) => evolveEmailClaim(taken ? 0 : null, recorded) !== null },
    user: { stream: `user-${command.userId}`, initialState: false, evolve: () => true },
    system: { stream: 'system', initialState: initialSystem, evolve: evolveSystem },
  }),
  decide: (command, states) => {
    const decided = decideRegistration(command, { emailTaken: states.claim, superAdminExists: states.system.superAdminId !== null, signupEnabled: states.system.signupEnabled });
    const ofType = (...types: string[]) => decided.filter((event) => types.includes(event.type));
    return { claim: ofType('EmailClaimed'), user: ofType('UserRegistered', 'ProfileUpdated', 'EmailVerified'), system: ofType('SuperAdminAssigned') };
  },
};

/**
 * Registers an account. Refused while sign-up is disabled or when the address has an
 * account. Returns the new id once the read model has it.
 */
export async function registerUser(
  platform: CommandDeps & Pick<Platform, 'read'>,
  context: CommandContext,
  input: { email: string; passwordHash: string; fullName?: string; emailVerifiedByProvider?: boolean },
): Promise<number> {
  const email = normalizeEmail(input.email);
  const system = await loadStream(platform.events, 'system', initialSystem, evolveSystem);
  // Checked before an id is spent, and again in the command against the state its append expects.
  decideRegistration({ userId: 1, email, passwordHash: '' }, { emailTaken: false, superAdminExists: system.state.superAdminId !== null, signupEnabled: system.state.signupEnabled });
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
  });
  return userId;
}
