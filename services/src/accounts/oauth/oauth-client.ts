import { PROVIDER_DEFAULTS, type OAuthProvider } from './providers.ts';
import { oauthError } from './errors.ts';

interface ClientSettings {
  provider: OAuthProvider;
  client_id: string;
  client_secret: string;
  token_url: string;
  userinfo_url: string;
}

const TIMEOUT_MS = 10_000;

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const body: unknown = await response.json();
    return body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

async function call(url: string, init: RequestInit, what: string): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS), redirect: 'error' });
  } catch {
    throw oauthError.failed(`the provider's ${what} could not be reached`);
  }
}

/** Trades the authorization code for the provider's access token (RFC 6749, section 4.1.3, with PKCE). */
export async function exchangeCode(settings: ClientSettings, input: { code: string; redirectUri: string; codeVerifier: string }): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'authorization_code', code: input.code, redirect_uri: input.redirectUri, code_verifier: input.codeVerifier });
  const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' };
  if (PROVIDER_DEFAULTS[settings.provider].client_auth === 'basic') {
    const encode = (value: string) => encodeURIComponent(value);
    headers['authorization'] = `Basic ${Buffer.from(`${encode(settings.client_id)}:${encode(settings.client_secret)}`).toString('base64')}`;
  } else {
    form.set('client_id', settings.client_id);
    form.set('client_secret', settings.client_secret);
  }
  const response = await call(settings.token_url, { method: 'POST', headers, body: form }, 'token endpoint');
  const body = await readJson(response);
  // invalid_grant: the code is expired, revoked or already used up at the provider.
  if (body['error'] === 'invalid_grant') throw oauthError.codeExpired();
  const token = body['access_token'];
  if (!response.ok || typeof token !== 'string' || !token) {
    const reason = typeof body['error'] === 'string' ? body['error'] : `status ${response.status}`;
    throw oauthError.failed(`the provider refused the code: ${reason}`);
  }
  return token;
}

/** The account's e-mail address as the provider states it, and whether the provider verified it. */
export async function fetchEmail(settings: ClientSettings, accessToken: string): Promise<{ email: string; verified: boolean }> {
  const response = await call(settings.userinfo_url, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } }, 'user information');
  const body = await readJson(response);
  if (!response.ok) throw oauthError.failed(`the provider would not share the account's details (status ${response.status})`);
  // Google and Facebook answer flat; X (Twitter) nests the user under "data" as confirmed_email.
  const user = body['data'] && typeof body['data'] === 'object' ? (body['data'] as Record<string, unknown>) : body;
  const email = user['email'] ?? user['confirmed_email'];
  if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email)) throw oauthError.failed('the provider did not share an e-mail address');
  return { email, verified: user['email_verified'] !== false && user['email_verified'] !== 'false' };
}
