import { createHash } from 'node:crypto';
import { allocateId, loadStream, metadataFor, toNewEvent, withRetries, type CommandContext } from '../platform/commands.ts';
import type { Platform } from '../platform/platform.ts';
import { waitForReadModel } from '../platform/request-context.ts';
import { decideRegistration, normalizeEmail } from './register.ts';
import { evolveSystem, initialSystem } from './user-state.ts';

/** The uniqueness claim of an email: a stream named by its hash, never the address itself. */
export const emailStream = (email: string) => `email-${createHash('sha256').update(normalizeEmail(email)).digest('hex')}`;

/** The user id behind an email, from its uniqueness claim (no read-model lag). */
export async function userIdByEmail(platform: Platform, email: string): Promise<number | null> {
  const [claim] = await platform.events.readStream(emailStream(email));
  const data = claim?.data as { user_id?: number } | undefined;
  return data?.user_id ?? null;
}

/**
 * Registers an account: claims the email, writes the user and, for the first account of
 * the installation, makes it super admin, all in one atomic append. Refused while sign-up
 * is disabled. Returns the new id once the read model has it.
 */
export async function registerUser(
  platform: Platform,
  context: CommandContext,
  input: { email: string; passwordHash: string; emailVerifiedByProvider?: boolean },
): Promise<number> {
  const email = normalizeEmail(input.email);
  const metadata = metadataFor(context);
  const system = await loadStream(platform.events, 'system', initialSystem, evolveSystem);
  // Checked before an id is spent, and again below against the state the append expects.
  decideRegistration({ userId: 1, email, passwordHash: '' }, { emailTaken: false, superAdminExists: system.state.superAdminId !== null, signupEnabled: system.state.signupEnabled });
  const userId = await allocateId(platform.events, 'user', metadata);
  const registered = { ...metadata, actor: { kind: 'user' as const, id: String(userId) } };
  const { position } = await withRetries(async () => {
    const [claim, system] = await Promise.all([
      platform.events.readStream(emailStream(email)),
      loadStream(platform.events, 'system', initialSystem, evolveSystem),
    ]);
    const decided = decideRegistration(
      { userId, email, passwordHash: input.passwordHash, emailVerifiedByProvider: input.emailVerifiedByProvider ?? false },
      { emailTaken: claim.length > 0, superAdminExists: system.state.superAdminId !== null, signupEnabled: system.state.signupEnabled },
    );
    const ofType = (...types: string[]) => decided.filter((e) => types.includes(e.type)).map((e) => toNewEvent(e, registered));
    const superAdmin = ofType('SuperAdminAssigned');
    return platform.events.append([
      { stream: emailStream(email), expected: 'no_stream', events: ofType('EmailClaimed') },
      { stream: `user-${userId}`, expected: 'no_stream', events: ofType('UserRegistered', 'EmailVerified') },
      ...(superAdmin.length ? [{ stream: 'system', expected: system.revision ?? ('no_stream' as const), events: superAdmin }] : []),
    ]);
  });
  await waitForReadModel(platform, position);
  return userId;
}
