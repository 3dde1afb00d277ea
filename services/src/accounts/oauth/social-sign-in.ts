import { createHash, randomBytes } from 'node:crypto';
import { WrongExpectedRevisionError, type OAuthProvider } from '@linkledger/contracts';
import { loadStream, metadataFor, toNewEvent, type CommandContext } from '../../platform/commands.ts';
import type { Platform } from '../../platform/platform.ts';
import { waitForReadModel } from '../../platform/request-context.ts';
import { hashPassword } from '../passwords.ts';
import { registerUser, userIdByEmail } from '../register-user.ts';
import { issueToken } from '../tokens.ts';
import { evolveUser, noUser } from '../user-state.ts';
import { oauthError } from './errors.ts';
import { exchangeCode, fetchEmail } from './oauth-client.ts';
import { verifyState, pkceVerifier } from './oauth-state.ts';
import { enabledProvider } from './provider-config.ts';

/** An authorization code's single-use claim: a stream named by its hash. */
const codeStream = (provider: OAuthProvider, code: string) => `oauth-code-${createHash('sha256').update(`${provider}:${code}`).digest('hex')}`;

export interface CallbackInput {
  provider: OAuthProvider;
  code: string;
  redirectUri: string | undefined;
  state: string | undefined;
}

/**
 * Completes a social sign-in: checks the signed state, claims the code once, exchanges it,
 * reads the e-mail the provider vouches for, then signs in that account or creates it.
 * Returns an access token of our own.
 */
export async function signInWithProvider(platform: Platform, context: CommandContext, input: CallbackInput): Promise<string> {
  const settings = await enabledProvider(platform.events, platform.secret, input.provider);
  if (!settings) throw oauthError.notConfigured(input.provider);
  const { nonce, redirectUri } = verifyState(platform.secret, input.state, input.provider, context.now);
  if (input.redirectUri !== undefined && input.redirectUri !== redirectUri) throw oauthError.authFailed('the return address differs from the one the sign-in started with');

  const metadata = metadataFor(context);
  try {
    const claim = toNewEvent({ type: 'OAuthCodeRedeemed', data: { provider: input.provider } }, metadata);
    await platform.events.append([{ stream: codeStream(input.provider, input.code), expected: 'no_stream', events: [claim] }]);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw oauthError.codeUsed();
    throw error;
  }

  const accessToken = await exchangeCode(settings, { code: input.code, redirectUri, codeVerifier: pkceVerifier(platform.secret, nonce) });
  const { email, verified } = await fetchEmail(settings, accessToken);
  // An address the provider has not verified proves nothing: it must not open someone's account.
  if (!verified) throw oauthError.failed(`your ${input.provider} account's e-mail address is not verified there`);

  let userId = await userIdByEmail(platform, email);
  if (userId === null) {
    // Nobody knows this password: the account signs in through the provider or a reset link.
    const passwordHash = await hashPassword(randomBytes(32).toString('base64url'));
    userId = await registerUser(platform, context, { email, passwordHash, emailVerifiedByProvider: true });
  }
  const user = await loadStream(platform.events, `user-${userId}`, noUser, evolveUser);
  if (user.state.id === null) throw oauthError.failed('the account could not be found');
  if (!user.state.isVerified) {
    const actor = { kind: 'user' as const, id: String(userId) };
    const verifiedEvent = toNewEvent({ type: 'EmailVerified', data: { user_id: userId, via: 'oauth' } }, { ...metadata, actor });
    // Verifying twice is harmless, so this needs no expected revision.
    const { position } = await platform.events.append([{ stream: `user-${userId}`, expected: 'any', events: [verifiedEvent] }]);
    await waitForReadModel(platform, position);
  }
  return issueToken(platform.secret, { userId: user.state.id, role: user.state.role }, context.now);
}
