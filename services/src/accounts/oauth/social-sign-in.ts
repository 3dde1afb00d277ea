import { createHash, randomBytes } from 'node:crypto';
import { WrongExpectedRevisionError, type OAuthProvider, type SignInResponse } from '@linkledger/contracts';
import { handleCommand, type CommandDeps } from '../../commands/command-handler.ts';
import { loadStream, metadataFor, type CommandContext } from '../../commands/command-context.ts';
import { recordFact } from '../../commands/record-fact.ts';
import type { Platform } from '../../platform/platform.ts';
import { hashPassword } from '../passwords.ts';
import { registerUser, userIdByEmail } from '../register-user.ts';
import { finishSignIn } from '../../second-factor/index.ts';
import { evolveSystem, initialSystem } from '../user-state.ts';
import { oauthError } from './errors.ts';
import { exchangeCode, fetchEmail } from './oauth-client.ts';
import { decideSocialRegistration, socialSignInDecider } from './social-sign-in-deciders.ts';
import { redeemState } from './oauth-state.ts';
import { enabledProvider } from './provider-config.ts';

/** An authorization code's single-use claim: a stream named by its hash. */
const codeStream = (provider: OAuthProvider, code: string) => `oauth-code-${createHash('sha256').update(`${provider}:${code}`).digest('hex')}`;

interface CallbackInput {
  provider: OAuthProvider;
  code: string;
  redirectUri: string | undefined;
  state: string | undefined;
  /** The browser's, for the list of active sessions. */
  userAgent?: string;
}

/**
 * Completes a social sign-in: uses up the state, claims the code once, exchanges it with
 * the server-kept PKCE verifier, reads the e-mail the provider vouches for, then signs in
 * that account (reclaiming it if its address was never proven: social-sign-in-deciders.ts)
 * or creates it.
 * Returns an access token of our own, or the challenge of the code step for an account with a second factor.
 */
export async function signInWithProvider(
  platform: CommandDeps & Pick<Platform, 'secret' | 'config' | 'read'>,
  context: CommandContext,
  input: CallbackInput,
): Promise<SignInResponse> {
  const settings = await enabledProvider(platform, input.provider);
  if (!settings) throw oauthError.notConfigured(input.provider);
  const { verifier, redirectUri } = await redeemState(platform.events, platform.secret, metadataFor(context), { ...input, now: context.now });

  try {
    await recordFact(platform.events, context, {
      stream: codeStream(input.provider, input.code),
      event: { type: 'OAuthCodeRedeemed', data: { provider: input.provider } },
      expected: 'no_stream',
    });
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw oauthError.codeUsed();
    throw error;
  }

  const accessToken = await exchangeCode(settings, { code: input.code, redirectUri, codeVerifier: verifier });
  const { email, verified } = await fetchEmail(settings, accessToken);
  // An address the provider has not verified proves nothing: it must not open someone's account.
  if (!verified) throw oauthError.failed(`your ${input.provider} account's e-mail address is not verified there`);

  // Nobody knows this password: the account signs in through the provider or a reset link.
  const unknownPasswordHash = await hashPassword(randomBytes(32).toString('base64url'));
  let userId = await userIdByEmail(platform, email);
  if (userId === null) {
    decideSocialRegistration((await loadStream(platform.events, 'system', initialSystem, evolveSystem)).state);
    userId = await registerUser(platform, context, { email, passwordHash: unknownPasswordHash, emailVerifiedByProvider: true });
  }
  // The events are the account's own doing, so the account is their actor.
  const { state } = await handleCommand(platform, { ...context, actor: { kind: 'user', id: String(userId) } }, socialSignInDecider, {
    userId,
    provider: input.provider,
    unknownPasswordHash,
  });
  const user = state.user;
  if (user.id === null) throw oauthError.failed('the account could not be found');
  return finishSignIn(platform, context, { userId: user.id, role: user.role }, input.provider, input.userAgent);
}
