import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { USERS, type UserView } from '@linkledger/projections';
import { startTestApp, signUp, type TestApp, post, requestToken } from '../../testing/test-app.ts';
import { SIGNUP_DISABLED } from '../registration-deciders.ts';
import { latestMail, linkIn } from '../../testing/outbox.ts';
import { CHANGE_LINK_INVALID } from '../../settings/settings-user-deciders.ts';
import { runOAuthCli } from '../../server/oauth-cli.ts';
import { ADMINS_USE_PASSWORD } from './social-sign-in-deciders.ts';

const CLIENT_SECRET = 'google-client-secret-value';
const REDIRECT = 'http://localhost/auth/callback';
/** The stand-in provider answers as localhost: only the operator's switch lets sign-in use it. */
const LOCAL_PROVIDER = { OAUTH_EXTRA_PROVIDER_HOSTS: 'localhost' };

/**
 * Social sign-in against a real OAuth 2 provider (oauth2-mock-server) on 127.0.0.1: it
 * issues codes at /authorize, checks PKCE at /token and answers /userinfo.
 */
describe('social sign-in', () => {
  let t: TestApp;
  let provider: OAuth2Server;
  let admin: Awaited<ReturnType<typeof signUp>>;
  const tokenRequests: Record<string, string>[] = [];

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    provider.service.on('beforeResponse', (_response, request) => tokenRequests.push({ ...(request.body as Record<string, string>) }));
    t = await startTestApp(LOCAL_PROVIDER);
    admin = await signUp(t.app, 'root@example.com', 'secret123');
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  const base = () => provider.issuer.url!;
  const providers = async () => (await t.app.inject('/api/auth/providers')).json().providers;
  /** The provider vouches for this address (and says whether it verified it) on the next userinfo call. */
  const nextUser = (email: string, emailVerified = true) =>
    provider.service.once('beforeUserinfo', (response) => {
      response.body = { sub: `sub-${email}`, email, email_verified: emailVerified };
    });

  /** What a browser does: ask us where to go, follow it to the provider, come back with code and state. */
  async function authorize(name = 'google') {
    const started = await t.app.inject({ url: `/api/auth/${name}/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}` });
    expect(started.statusCode).toBe(200);
    const { authorization_url, state } = started.json<{ authorization_url: string; state: string }>();
    const atProvider = await fetch(authorization_url, { redirect: 'manual' });
    expect(atProvider.status).toBe(302);
    const back = new URL(atProvider.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(REDIRECT);
    expect(back.searchParams.get('state')).toBe(state);
    return { code: back.searchParams.get('code')!, state, authorization_url: new URL(authorization_url) };
  }
  const callback = (payload: object, name = 'google') => t.app.inject({ method: 'POST', url: `/api/auth/${name}/callback`, payload });

  it('lists every provider as off until one is configured with the CLI; the secret is stored encrypted', async () => {
    expect(await providers()).toEqual({
      google: { enabled: false, client_id: null },
      facebook: { enabled: false, client_id: null },
      twitter: { enabled: false, client_id: null },
    });
    const notConfigured = await t.app.inject('/api/auth/google/authorize');
    expect(notConfigured.statusCode).toBe(400);
    expect(notConfigured.json().detail).toContain('google login is not configured');

    const out: string[] = [];
    const args = ['--client-id', 'linkledger-web', '--client-secret', CLIENT_SECRET];
    const urls = ['--auth-url', `${base()}/authorize`, '--token-url', `${base()}/token`, '--userinfo-url', `${base()}/userinfo`];
    await runOAuthCli(['configure', 'google', ...args, ...urls], { DATA_DIR: t.dataDir, EVENTS_SYNC: 'NORMAL', ...LOCAL_PROVIDER }, (line) => out.push(line));
    expect(out).toEqual(['google sign-in configured and enabled. The client secret is stored encrypted.']);

    expect(await providers()).toMatchObject({ google: { enabled: true, client_id: 'linkledger-web' }, facebook: { enabled: false, client_id: null } });
    const stored = await t.platform.events.readStream('oauth-google');
    expect(stored.map((e) => e.type)).toEqual(['OAuthProviderConfigured']);
    expect(stored[0]!.data).toMatchObject({ provider: 'google', client_id: 'linkledger-web', token_url: `${base()}/token`, enabled: true });
    expect(JSON.stringify(stored)).not.toContain(CLIENT_SECRET);
  });

  it('creates a verified account for a new address and signs it in', async () => {
    const { code, state, authorization_url } = await authorize();
    expect(authorization_url.searchParams.get('client_id')).toBe('linkledger-web');
    expect(authorization_url.searchParams.get('code_challenge_method')).toBe('S256');
    nextUser('Grace@Example.com');
    const signedIn = await callback({ code, redirect_uri: REDIRECT, state });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toMatchObject({ token_type: 'bearer' });
    // Our client proved itself and the PKCE verifier matched (the provider checks it).
    expect(tokenRequests.at(-1)).toMatchObject({
      grant_type: 'authorization_code',
      code,
      client_id: 'linkledger-web',
      client_secret: CLIENT_SECRET,
      redirect_uri: REDIRECT,
    });
    expect(tokenRequests.at(-1)!['code_verifier']).toMatch(/^[\w-]{43}$/);

    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(me.json()).toMatchObject({ email: 'grace@example.com', is_verified: true, role: 'user' });
  });

  it('signs an existing account in by its address and marks it verified', async () => {
    const bob = await signUp(t.app, 'bob@example.com', 'secret123');
    const { code, state } = await authorize();
    nextUser('bob@example.com');
    const signedIn = await callback({ code, redirect_uri: REDIRECT, state });
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({ url: '/api/users/me', headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(me.json()).toMatchObject({ id: bob.user.id, email: 'bob@example.com', is_verified: true });
    expect(await t.platform.read.count(USERS, { email: 'bob@example.com' })).toBe(1);
  });

  it('refuses a code used twice (code_used) and one the provider calls invalid_grant (code_expired)', async () => {
    const { code, state } = await authorize();
    nextUser('carol@example.com');
    expect((await callback({ code, redirect_uri: REDIRECT, state })).statusCode).toBe(200);
    const reused = await callback({ code, redirect_uri: REDIRECT, state });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toMatch(/^code_used: /);

    const second = await authorize();
    provider.service.once('beforeResponse', (response) => {
      response.body = { error: 'invalid_grant', error_description: 'Code expired' };
      response.statusCode = 400;
    });
    const expired = await callback({ code: second.code, redirect_uri: REDIRECT, state: second.state });
    expect(expired.statusCode).toBe(400);
    expect(expired.json().detail).toMatch(/^code_expired: /);
  });

  it('refuses forged callbacks: no state, one we never issued, or another return address (auth_failed)', async () => {
    const { code, state } = await authorize();
    const cases = [
      { code, redirect_uri: REDIRECT },
      { code, redirect_uri: REDIRECT, state: `${state.slice(0, -1)}${state.endsWith('A') ? 'B' : 'A'}` },
      { code, redirect_uri: 'https://evil.example.com/auth/callback', state },
    ];
    for (const body of cases) {
      const response = await callback(body);
      expect(response.statusCode).toBe(400);
      expect(response.json().detail).toMatch(/^auth_failed: /);
    }
    // The state was not used up by the forgeries: the genuine callback still works, once.
    nextUser('dave@example.com');
    expect((await callback({ code, redirect_uri: REDIRECT, state })).statusCode).toBe(200);
    const replayed = await callback({ code: 'another-code', redirect_uri: REDIRECT, state });
    expect(replayed.statusCode).toBe(400);
    expect(replayed.json().detail).toMatch(/^code_used: /);
  });

  it('fixes the return address by configuration: another redirect_uri is refused, whatever Host the request names', async () => {
    const other = await t.app.inject({ url: `/api/auth/google/authorize?redirect_uri=${encodeURIComponent('https://evil.example.com/auth/callback')}` });
    expect(other.statusCode).toBe(400);
    expect(other.json().detail).toBe(`Redirect URI must be ${REDIRECT}: the return address of a sign-in is set by this installation's configuration.`);
    const foreignHost = await t.app.inject({ url: '/api/auth/google/authorize', headers: { host: 'attacker.example' } });
    expect(foreignHost.statusCode).toBe(400);
    expect(foreignHost.json().detail).toMatch(/^This server does not answer to the address/);
    const started = await t.app.inject({ url: '/api/auth/google/authorize' });
    expect(new URL(started.json().authorization_url).searchParams.get('redirect_uri')).toBe(REDIRECT);
  });

  it('gives an account whose address was never verified to the provider’s owner: the registrant’s password, sessions and API key stop working', async () => {
    const squatter = await signUp(t.app, 'victim@example.com', 'squatter-password');
    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: squatter.headers })).json<{ api_key: string }>().api_key;
    expect(key).toBeTruthy();
    const { code, state } = await authorize();
    nextUser('victim@example.com');
    const signedIn = await callback({ code, redirect_uri: REDIRECT, state });
    expect(signedIn.statusCode).toBe(200);
    const victim = { authorization: `Bearer ${signedIn.json().access_token}` };
    expect((await t.app.inject({ url: '/api/users/me', headers: victim })).json()).toMatchObject({ id: squatter.user.id, is_verified: true });

    expect((await t.app.inject({ url: '/api/users/me', headers: squatter.headers })).statusCode).toBe(401);
    const login = await requestToken(t.app, 'victim@example.com', 'squatter-password');
    expect(login.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } })).statusCode).toBe(401);
    const history = await t.platform.events.readStream(`user-${squatter.user.id}`);
    expect(history.slice(-3).map((e) => [e.type, (e.data as { reason?: string }).reason])).toEqual([
      ['PasswordChanged', 'account_reclaimed'],
      ['ApiKeyRevoked', 'account_reclaimed'],
      ['EmailVerified', undefined],
    ]);
  });

  it('a reclaim also cancels the registrant’s pending change of address: its link is refused afterwards', async () => {
    const squatter = await signUp(t.app, 'victim2@example.com', 'squatter-password');
    const key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: squatter.headers })).json<{ api_key: string }>().api_key;
    const asked = await post(t.app, '/api/settings/email', squatter.headers, { new_email: 'mallory@evil.example', current_password: 'squatter-password' });
    expect(asked.statusCode).toBe(200);
    const changeToken = linkIn(latestMail(t.dataDir, 'mallory@evil.example', '/confirm-email-change')!.text, 'confirm-email-change').searchParams.get('token');

    const { code, state } = await authorize();
    nextUser('victim2@example.com');
    const signedIn = await callback({ code, redirect_uri: REDIRECT, state });
    expect(signedIn.statusCode).toBe(200);

    const confirmed = await t.app.inject({ method: 'POST', url: '/api/settings/email/confirm', payload: { token: changeToken } });
    expect(confirmed.statusCode).toBe(400);
    expect(confirmed.json()).toEqual({ detail: CHANGE_LINK_INVALID });
    expect((await t.app.inject({ url: '/api/users/me', headers: squatter.headers })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } })).statusCode).toBe(401);
    const profile = await t.app.inject({ url: '/api/settings/profile', headers: { authorization: `Bearer ${signedIn.json().access_token}` } });
    expect(profile.json()).toMatchObject({ email: 'victim2@example.com', is_verified: true, pending_email: null });
  });

  it('refuses the super admin and an admin (403: sign in with the password), verified or not, and changes nothing on their accounts', async () => {
    const grace = await signUp(t.app, 'grace.admin@example.com', 'grace-password');
    const promoted = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${grace.user.id}/role`, headers: admin.headers, payload: { role: 'admin' } });
    expect(promoted.statusCode).toBe(200);
    for (const [email, account] of [
      ['root@example.com', admin],
      ['grace.admin@example.com', grace],
    ] as const) {
      const before = (await t.platform.events.readStream(`user-${account.user.id}`)).length;
      const { code, state } = await authorize();
      nextUser(email);
      const refused = await callback({ code, redirect_uri: REDIRECT, state });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({ detail: ADMINS_USE_PASSWORD });
      expect((await t.platform.events.readStream(`user-${account.user.id}`)).length).toBe(before);
      expect((await t.app.inject({ url: '/api/users/me', headers: account.headers })).statusCode).toBe(200);
    }
  });

  it('signs a verified account in without touching its password, key or sessions', async () => {
    const owner = await signUp(t.app, 'verified@example.com', 'owner-password');
    const verified = await t.platform.events.append([
      {
        stream: `user-${owner.user.id}`,
        expected: 'any',
        events: [
          {
            id: crypto.randomUUID(),
            type: 'EmailVerified',
            version: 1,
            data: { user_id: owner.user.id, via: 'email_link' },
            metadata: { actor: { kind: 'user', id: String(owner.user.id) }, correlation_id: 'x', causation_id: 'x', at: new Date().toISOString() },
          },
        ],
      },
    ]);
    await t.platform.readModel.waitFor(verified.position, 2000);
    const { code, state } = await authorize();
    nextUser('verified@example.com');
    expect((await callback({ code, redirect_uri: REDIRECT, state })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/users/me', headers: owner.headers })).statusCode).toBe(200);
    const login = await requestToken(t.app, 'verified@example.com', 'owner-password');
    expect(login.statusCode).toBe(200);
  });

  it('names unknown and unconfigured providers, and refuses an address the provider did not verify', async () => {
    const unknown = await callback({ code: 'x', state: 'y' }, 'myspace');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ detail: 'Unsupported provider: myspace' });
    expect((await t.app.inject('/api/auth/myspace/authorize')).json()).toEqual({ detail: 'Unsupported provider: myspace' });
    const facebook = await callback({ code: 'x', state: 'y' }, 'facebook');
    expect(facebook.json().detail).toMatch(/^facebook login is not configured/);

    const { code, state } = await authorize();
    nextUser('root@example.com', false);
    const unverified = await callback({ code, redirect_uri: REDIRECT, state });
    expect(unverified.statusCode).toBe(400);
    expect(unverified.json().detail).toMatch(/^oauth_failed: .*not verified/);
  });

  it('does not create accounts while sign-up is disabled', async () => {
    await t.app.inject({ method: 'POST', url: '/api/admin/system-settings/signup-toggle', headers: admin.headers });
    const { code, state } = await authorize();
    nextUser('newcomer@example.com');
    const refused = await callback({ code, redirect_uri: REDIRECT, state });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ detail: SIGNUP_DISABLED });
    expect(await t.platform.read.find<UserView>(USERS, { where: { email: 'newcomer@example.com' } })).toEqual([]);
  });

  it('turns a provider off with --disabled', async () => {
    await runOAuthCli(
      ['configure', 'google', '--client-id', 'linkledger-web', '--client-secret', CLIENT_SECRET, '--disabled'],
      { DATA_DIR: t.dataDir },
      () => undefined,
    );
    expect((await providers()).google).toEqual({ enabled: false, client_id: null });
    expect((await callback({ code: 'x', state: 'y' })).json().detail).toMatch(/^google login is not configured/);
  });
});
