import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_SECRET_PURPOSE } from './provider-config.ts';
import { providerStream, type ProviderSettings } from './provider-state.ts';
import { encryptSecret } from '../../platform/secret-box.ts';
import { metadataFor, toNewEvent } from '../../commands/command-context.ts';
import { outbox } from '../../testing/outbox.ts';
import { signUp, startWithSuperAdmin, type Session, type TestApp } from '../../testing/test-app.ts';

const SECRET = 'google-client-secret-77xq';
const REDIRECT = 'http://localhost/auth/callback';
const GOOGLE = {
  client_id: 'linkledger-google',
  client_secret: SECRET,
  redirect_uri: REDIRECT,
  scope: 'openid email',
  auth_url: 'https://accounts.google.com/o/oauth2/v2/auth',
};

/** A server that is no provider's: it records whatever is sent to it and vouches for anyone. */
async function startCaptureServer() {
  const requests: { url: string; body: string; authorization: string }[] = [];
  const server = createServer((request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({ url: request.url ?? '', body: Buffer.concat(chunks).toString('utf8'), authorization: request.headers.authorization ?? '' });
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ access_token: 'forged', email: 'root@example.com', email_verified: true }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Sign-in provider addresses (docs/admin.md#sign-in-providers): only the provider's own
 * hosts, or a host the operator trusts in the environment (here `localhost`, where the
 * stand-in identity server answers; the capture server on 127.0.0.1 is not trusted).
 */
describe('sign-in provider addresses', () => {
  let t: TestApp;
  let root: Session;
  let mallory: Session;
  let provider: OAuth2Server;
  let capture: Awaited<ReturnType<typeof startCaptureServer>>;

  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    capture = await startCaptureServer();
    ({ t, admin: root } = await startWithSuperAdmin({ OAUTH_EXTRA_PROVIDER_HOSTS: 'localhost' }));
    mallory = await signUp(t.app, 'mallory@example.com');
    const granted = await t.app.inject({ method: 'PUT', url: `/api/admin/users/${mallory.user.id}/role`, headers: root.headers, payload: { role: 'admin' } });
    expect(granted.statusCode, granted.body).toBe(200);
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
    await capture.close();
  });

  const local = () => provider.issuer.url!;
  const edit = (payload: object) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/oauth-config/google', headers: mallory.headers, payload: { ...GOOGLE, client_secret: '', ...payload } });
  const refusal = (answer: { statusCode: number; json(): { detail: string; field?: string } }) => [answer.statusCode, answer.json().field];
  const noticesToRoot = () => outbox(t.dataDir).filter((mail) => mail.to === 'root@example.com' && mail.subject.includes('sign-in changed'));

  it('refuses an admin’s provider address on a host that is not the provider’s, naming the field', async () => {
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/oauth-config', headers: mallory.headers, payload: { provider: 'google', ...GOOGLE } });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json().config).toMatchObject({
      token_url: 'https://oauth2.googleapis.com/token',
      userinfo_url: 'https://openidconnect.googleapis.com/v1/userinfo',
    });

    expect(refusal(await edit({ token_url: 'https://idp.attacker.example/token' }))).toEqual([400, 'token_url']);
    expect(refusal(await edit({ userinfo_url: `${capture.base}/userinfo` }))).toEqual([400, 'userinfo_url']);
    expect(refusal(await edit({ auth_url: 'https://accounts.google.com.attacker.example/auth' }))).toEqual([400, 'auth_url']);
    // A provider's own host, but in the clear: the secret would cross the network readable.
    expect(refusal(await edit({ token_url: 'http://oauth2.googleapis.com/token' }))).toEqual([400, 'token_url']);
    const adding = await t.app.inject({
      method: 'POST',
      url: '/api/admin/oauth-config',
      headers: mallory.headers,
      payload: { provider: 'facebook', ...GOOGLE, auth_url: 'https://www.facebook.com/v19.0/dialog/oauth', token_url: `${capture.base}/token` },
    });
    expect(refusal(adding)).toEqual([400, 'token_url']);
    expect((await edit({ token_url: `${capture.base}/token` })).json().detail).toContain('OAUTH_EXTRA_PROVIDER_HOSTS');

    const stored = (await t.app.inject({ url: '/api/admin/oauth-config', headers: mallory.headers })).json().configs;
    expect(stored).toEqual([
      expect.objectContaining({
        provider: 'google',
        token_url: 'https://oauth2.googleapis.com/token',
        userinfo_url: 'https://openidconnect.googleapis.com/v1/userinfo',
      }),
    ]);
    expect(capture.requests).toEqual([]);
  });

  it('accepts a loopback identity server the operator trusts in the environment, and signs in through it', async () => {
    const edited = await edit({ auth_url: `${local()}/authorize`, token_url: `${local()}/token`, userinfo_url: `${local()}/userinfo` });
    expect(edited.statusCode, edited.body).toBe(200);
    provider.service.once('beforeUserinfo', (response) => {
      response.body = { sub: 'zoe', email: 'zoe@example.com', email_verified: true };
    });
    const started = (await t.app.inject({ url: `/api/auth/google/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}` })).json<{
      authorization_url: string;
      state: string;
    }>();
    expect(started.authorization_url.startsWith(`${local()}/authorize?`)).toBe(true);
    const back = new URL((await fetch(started.authorization_url, { redirect: 'manual' })).headers.get('location')!);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/google/callback',
      payload: { code: back.searchParams.get('code'), state: started.state, redirect_uri: REDIRECT },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
  });

  it('never sends the client secret to a host that is not the provider’s, even when such an address was recorded before the rule', async () => {
    // A sign-in under way through the trusted server…
    const started = (await t.app.inject({ url: `/api/auth/google/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}` })).json<{
      authorization_url: string;
      state: string;
    }>();
    const code = new URL((await fetch(started.authorization_url, { redirect: 'manual' })).headers.get('location')!).searchParams.get('code');
    // …when the log holds settings pointing at the capture server (written as an older version would have).
    const legacy: ProviderSettings = {
      provider: 'google',
      client_id: GOOGLE.client_id,
      client_secret_encrypted: encryptSecret(t.platform.secret, CLIENT_SECRET_PURPOSE, SECRET),
      auth_url: `${capture.base}/authorize`,
      token_url: `${capture.base}/token`,
      userinfo_url: `${capture.base}/userinfo`,
      scope: GOOGLE.scope,
      redirect_uri: REDIRECT,
      enabled: true,
    };
    const metadata = metadataFor({ actor: { kind: 'user', id: String(mallory.user.id) }, correlationId: 'legacy-settings', now: new Date() });
    await t.platform.events.append([
      { stream: providerStream('google'), expected: 'any', events: [toNewEvent({ type: 'OAuthProviderConfigured', data: legacy }, metadata)] },
    ]);

    const finished = await t.app.inject({ method: 'POST', url: '/api/auth/google/callback', payload: { code, state: started.state, redirect_uri: REDIRECT } });
    expect(finished.statusCode).toBe(400);
    expect(finished.json().detail).toContain('Google sign-in is set up with an address that is not Google');
    expect((await t.app.inject({ url: `/api/auth/google/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}` })).statusCode).toBe(400);
    expect((await t.app.inject('/api/auth/providers')).json().providers.google).toEqual({ enabled: false, client_id: null });
    expect(capture.requests).toEqual([]);
  });

  it('records each change with the acting admin and tells the super admin what changed and who changed it, never the secret', async () => {
    const changes = (await t.platform.events.readStream(providerStream('google'))).filter((event) => event.metadata.correlation_id !== 'legacy-settings');
    expect(changes.map((event) => event.metadata.actor)).toEqual([
      { kind: 'user', id: String(mallory.user.id) },
      { kind: 'user', id: String(mallory.user.id) },
    ]);

    const [added, edited] = noticesToRoot();
    expect(noticesToRoot()).toHaveLength(2);
    expect(added!.subject).toBe('Linkledger: Google sign-in changed by mallory@example.com');
    expect(added!.text).toContain('The admin mallory@example.com changed Google sign-in on');
    expect(added!.text).toContain('Client secret: set');
    expect(edited!.text).toContain(`Token URL: https://oauth2.googleapis.com/token → ${local()}/token`);
    expect(edited!.text).toContain(`Userinfo URL: https://openidconnect.googleapis.com/v1/userinfo → ${local()}/userinfo`);
    expect(edited!.text).not.toContain('Client secret');
    for (const notice of noticesToRoot()) expect(JSON.stringify(notice)).not.toContain(SECRET);

    // Switching off and removing are told too; the super admin's own changes are not mailed back to them.
    await t.app.inject({ method: 'PATCH', url: '/api/admin/oauth-config/google/toggle?enabled=false', headers: mallory.headers });
    await t.app.inject({ method: 'DELETE', url: '/api/admin/oauth-config/google', headers: mallory.headers });
    expect(
      noticesToRoot()
        .slice(2)
        .map((notice) => notice.text.split('\n')[1]),
    ).toEqual(['Enabled: true → false', 'Removed, its client secret with it.']);
    await t.app.inject({ method: 'POST', url: '/api/admin/oauth-config', headers: root.headers, payload: { provider: 'google', ...GOOGLE } });
    expect(noticesToRoot()).toHaveLength(4);
  });
});
