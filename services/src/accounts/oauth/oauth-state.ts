import { createHash, randomBytes } from 'node:crypto';
import { WrongExpectedRevisionError, domainEventOf, type EventMetadata, type EventStore, type OAuthProvider } from '@linkledger/contracts';
import { toNewEvent } from '../../commands/command-context.ts';
import { oauthError } from './errors.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';

/** How long a sign-in may take at the provider before its state is refused. */
export const STATE_LIFETIME_MS = 10 * 60 * 1000;
const VERIFIER_PURPOSE = 'oauth-pkce-verifier';

/** The state is a bearer value: only its hash names the stream that records the sign-in. */
export const stateStream = (state: string) => `oauth-state-${createHash('sha256').update(state).digest('hex')}`;

export const pkceChallenge = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');

/**
 * Begins a sign-in: a random state for the browser to carry, and a random PKCE verifier
 * (RFC 7636) kept on the server, encrypted, beside the return address and the expiry.
 * Every API process reads the same record, so the provider may return to any of them.
 */
export async function startSignIn(
  events: EventStore,
  secret: string,
  metadata: EventMetadata,
  input: { provider: OAuthProvider; redirectUri: string; now: Date },
): Promise<{ state: string; challenge: string }> {
  const state = randomBytes(32).toString('base64url');
  const verifier = randomBytes(32).toString('base64url');
  const started = toNewEvent(
    {
      type: 'OAuthSignInStarted',
      data: {
        provider: input.provider,
        redirect_uri: input.redirectUri,
        verifier_encrypted: encryptSecret(secret, VERIFIER_PURPOSE, verifier),
        expires_at: new Date(input.now.getTime() + STATE_LIFETIME_MS).toISOString(),
      },
    },
    metadata,
  );
  await events.append([{ stream: stateStream(state), expected: 'no_stream', events: [started] }]);
  return { state, challenge: pkceChallenge(verifier) };
}

/**
 * Checks a returned state and uses it up: it must be one this installation issued, for this
 * provider and return address, within its lifetime, and not returned before. Nothing is
 * used up by a callback that fails these checks. Gives the PKCE verifier and return address.
 */
export async function redeemState(
  events: EventStore,
  secret: string,
  metadata: EventMetadata,
  input: { state: string | undefined; provider: OAuthProvider; redirectUri: string | undefined; now: Date },
): Promise<{ verifier: string; redirectUri: string }> {
  if (!input.state) throw oauthError.authFailed('the sign-in state is missing');
  const stream = stateStream(input.state);
  const recorded = await events.readStream(stream);
  const first = recorded[0];
  const started = first ? domainEventOf(first) : null;
  if (started?.type !== 'OAuthSignInStarted') throw oauthError.authFailed('the sign-in state is not one we issued');
  const { provider, redirect_uri, verifier_encrypted, expires_at } = started.data;
  if (provider !== input.provider) throw oauthError.authFailed(`the sign-in was started for ${provider}`);
  if (input.now.getTime() > Date.parse(expires_at)) throw oauthError.authFailed('the sign-in took too long');
  if (input.redirectUri !== undefined && input.redirectUri !== redirect_uri)
    throw oauthError.authFailed('the return address differs from the one the sign-in started with');
  if (recorded.length > 1) throw oauthError.codeUsed();
  try {
    const returned = toNewEvent({ type: 'OAuthSignInReturned', data: { provider } }, metadata);
    await events.append([{ stream, expected: first!.revision, events: [returned] }]);
  } catch (error) {
    if (error instanceof WrongExpectedRevisionError) throw oauthError.codeUsed();
    throw error;
  }
  return { verifier: decryptSecret(secret, VERIFIER_PURPOSE, verifier_encrypted), redirectUri: redirect_uri };
}
