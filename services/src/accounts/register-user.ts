import { defaultUsername } from '@linkledger/contracts';
import { handleMultiStreamCommand, type CommandDeps } from '../commands/command-handler.ts';
import { allocateId, loadStream, metadataFor, type CommandContext } from '../commands/command-context.ts';
import type { Platform } from '../platform/platform.ts';
import { emailStream, evolveEmailClaim, normalizeEmail } from './email-claim-state.ts';
import { decideRegistration, registerDecider, type Register } from './registration-deciders.ts';
import { freeStartName } from './username-claim.ts';
import { evolveSystem, initialSystem } from './user-state.ts';
import { foldEvents } from '../commands/event-port.ts';

/** The user id behind an email, from its uniqueness claim (no read-model lag). */
export async function userIdByEmail(platform: Pick<Platform, 'events'>, email: string): Promise<number | null> {
  return foldEvents(await platform.events.readStream(emailStream(email)), evolveEmailClaim, null);
}

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
