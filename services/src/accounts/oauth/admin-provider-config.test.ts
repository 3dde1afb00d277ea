import { OAuth2Server } from 'oauth2-mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../../testing/test-app.ts';

const SECRET = 'facebook-client-secret-9f3k';
const REDIRECT = 'http://localhost/auth/callback';
/** The provider answers as localhost: only the operator's switch lets an admin name it. */
const LOCAL_PROVIDER = { OAUTH_EXTRA_PROVIDER_HOSTS: 'localhost' };

/** Sign-in providers configured through the admin API, against a real OAuth 2 server on 127.0.0.1. */
describe('sign-in providers configured by an admin', () => {
  let t: TestApp;
  let provider: OAuth2Server;
  let admin: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    provider = new OAuth2Server();
    await provider.issuer.keys.generate('RS256');
    await provider.start(0, '127.0.0.1');
    t = await startTestApp(LOCAL_PROVIDER);
    admin = await signUp(t.app, 'root@example.com');
  });
  afterAll(async () => {
    await t.close();
    await provider.stop();
  });

  const base = () => provider.issuer.url!;
  const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: admin.headers, ...(payload ? { payload } : {}) });
  const config = () => ({
    provider: 'facebook',
    client_id: 'linkledger-fb',
    client_secret: SECRET,
    redirect_uri: REDIRECT,
    scope: 'email',
    auth_url: `${base()}/authorize`,
    token_url: `${base()}/token`,
    userinfo_url: `${base()}/userinfo`,
  });
  const offered = async () => (await t.app.inject('/api/auth/providers')).json().providers.facebook;

  it('a provider added through the API is offered at once and signs people in; the secret is never shown or stored in full', async () => {
    const added = await asAdmin('POST', '/api/admin/oauth-config', config());
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({
      message: 'Configuration created successfully',
      config: { provider: 'facebook', client_id: 'linkledger-fb', is_enabled: true, client_secret: '••••••••9f3k' },
    });
    expect(await offered()).toEqual({ enabled: true, client_id: 'linkledger-fb' });

    const listed = await asAdmin('GET', '/api/admin/oauth-config');
    expect(listed.json().configs.map((c: { provider: string }) => c.provider)).toEqual(['facebook']);
    expect(listed.body).not.toContain(SECRET);
    expect(JSON.stringify(await t.platform.events.readStream('oauth-facebook'))).not.toContain(SECRET);

    // A real sign-in through it.
    provider.service.once('beforeUserinfo', (response) => {
      response.body = { sub: 'fb-1', email: 'zoe@example.com', email_verified: true };
    });
    const started = (await t.app.inject({ url: `/api/auth/facebook/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}` })).json<{
      authorization_url: string;
      state: string;
    }>();
    const back = new URL((await fetch(started.authorization_url, { redirect: 'manual' })).headers.get('location')!);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/facebook/callback',
      payload: { code: back.searchParams.get('code'), state: started.state, redirect_uri: REDIRECT },
    });
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().access_token).toEqual(expect.any(String));
  });

  it('edits keep the stored secret unless a new one is sent; toggling and removing take effect at once', async () => {
    const edited = await asAdmin('PUT', '/api/admin/oauth-config/facebook', {
      ...config(),
      provider: undefined,
      client_id: 'linkledger-fb-2',
      client_secret: '',
    });
    expect(edited.json()).toMatchObject({ config: { client_id: 'linkledger-fb-2', client_secret: '••••••••9f3k' } });

    expect((await asAdmin('PATCH', '/api/admin/oauth-config/facebook/toggle?enabled=false')).json()).toMatchObject({
      message: 'Configuration disabled successfully',
      config: { is_enabled: false },
    });
    expect(await offered()).toEqual({ enabled: false, client_id: null });
    expect((await t.app.inject({ url: `/api/auth/facebook/authorize?redirect_uri=${encodeURIComponent(REDIRECT)}` })).statusCode).toBe(400);
    await asAdmin('PATCH', '/api/admin/oauth-config/facebook/toggle?enabled=true');
    expect(await offered()).toEqual({ enabled: true, client_id: 'linkledger-fb-2' });

    expect((await asAdmin('DELETE', '/api/admin/oauth-config/facebook')).json()).toEqual({ message: 'Configuration deleted successfully', config: null });
    expect(await offered()).toEqual({ enabled: false, client_id: null });
    expect((await asAdmin('GET', '/api/admin/oauth-config')).json()).toEqual({ configs: [] });
  });

  it('refuses a field it does not know, naming it: a switched-off provider is not switched on by a misnamed field', async () => {
    expect((await asAdmin('POST', '/api/admin/oauth-config', { ...config(), is_enabled: false })).statusCode).toBe(200);
    const misnamed = await asAdmin('PUT', '/api/admin/oauth-config/facebook', { ...config(), provider: undefined, client_secret: '', enabled: false });
    expect([misnamed.statusCode, misnamed.json().field]).toEqual([400, 'enabled']);
    expect(await offered()).toEqual({ enabled: false, client_id: null });
    const added = await asAdmin('POST', '/api/admin/oauth-config', { ...config(), provider: 'google', enabled: false });
    expect([added.statusCode, added.json().field]).toEqual([400, 'enabled']);
    await asAdmin('DELETE', '/api/admin/oauth-config/facebook');
  });

  it('refuses an incomplete form, a second add, edits of what is not there and a bad toggle, saying why', async () => {
    const missing = await asAdmin('POST', '/api/admin/oauth-config', { ...config(), client_id: ' ' });
    expect([missing.statusCode, missing.json().detail]).toEqual([400, 'Client ID is required']);
    const noSecret = await asAdmin('POST', '/api/admin/oauth-config', { ...config(), client_secret: '' });
    expect([noSecret.statusCode, noSecret.json().detail]).toEqual([400, 'Client secret must not be empty']);
    const badUrl = await asAdmin('POST', '/api/admin/oauth-config', { ...config(), token_url: 'ftp://x' });
    expect(badUrl.statusCode).toBe(400);
    expect((await asAdmin('POST', '/api/admin/oauth-config', config())).statusCode).toBe(200);
    const twice = await asAdmin('POST', '/api/admin/oauth-config', config());
    expect([twice.statusCode, twice.json().detail]).toEqual([409, 'Facebook sign-in is already configured: edit it instead.']);
    expect((await asAdmin('PUT', '/api/admin/oauth-config/twitter', { ...config(), provider: undefined })).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/admin/oauth-config/google/toggle?enabled=true')).statusCode).toBe(404);
    expect((await asAdmin('PATCH', '/api/admin/oauth-config/facebook/toggle?enabled=maybe')).statusCode).toBe(400);
    expect((await asAdmin('DELETE', '/api/admin/oauth-config/myspace')).statusCode).toBe(400);
  });
});
