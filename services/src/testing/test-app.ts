import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../platform/config.ts';
import { openPlatform, type OpenedPlatform, type PlatformOptions } from '../server/open-platform.ts';
import { latestMail, linkIn } from './outbox.ts';

export interface TestApp {
  app: FastifyInstance;
  platform: OpenedPlatform;
  dataDir: string;
  close(): Promise<void>;
}

const quietLog = { info: () => undefined, error: (error: unknown) => console.error(error) };

/** The real product on real embedded stores in a temporary directory. */
interface TestAppOptions {
  clock?: () => Date;
  dataDir?: string;
  /** Wraps the stores, e.g. with a fault switch (testing/faulty-store.ts). */
  wrapStores?: PlatformOptions['wrapStores'];
  log?: PlatformOptions['log'];
  /** Log lines of the app (at LOG_LEVEL) go here; without it the app logs nothing. */
  logStream?: { write(line: string): void };
}

export async function startTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'linkledger-'));
  const config = loadConfig({ DATA_DIR: dataDir, EVENTS_SYNC: 'NORMAL', LOG_LEVEL: 'silent', ...env });
  const platform = await openPlatform(config, {
    log: options.log ?? quietLog,
    ...(options.clock ? { clock: options.clock } : {}),
    ...(options.wrapStores ? { wrapStores: options.wrapStores } : {}),
  });
  const app = await buildApp(platform, options.logStream ? { logStream: options.logStream } : { logger: false });
  return {
    app,
    platform,
    dataDir,
    async close() {
      await app.close();
      await platform.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A request with a body (an object goes as JSON), sent with the given headers (a session's bearer header, or none). */
const withBody = (method: 'POST' | 'PUT') => (app: FastifyInstance, url: string, headers: Record<string, string> | undefined, payload: object | string) =>
  app.inject({ method, url, headers, payload });
export const post = withBody('POST');
export const put = withBody('PUT');

/** Registers an account and signs in, returning the bearer header for later calls. */
export async function signUp(app: FastifyInstance, email: string, password = 'correct horse') {
  const registered = await app.inject({ method: 'POST', url: '/api/register', payload: { email, password } });
  if (registered.statusCode !== 201) throw new Error(`register ${registered.statusCode}: ${registered.body}`);
  return { user: registered.json<{ id: number; role: string }>(), ...(await signIn(app, email, password)) };
}

/** POST /api/token as the sign-in form sends it, from `ip` (else the default address), answered as it comes. */
export function requestToken(app: FastifyInstance, email: string, password: string, from: { ip?: string; headers?: Record<string, string> } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/token',
    ...(from.ip ? { remoteAddress: from.ip } : {}),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...from.headers },
    payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`,
  });
}

/** Signs an existing account in: a new session's token and bearer header. */
export async function signIn(app: FastifyInstance, email: string, password = 'correct horse') {
  const token = await requestToken(app, email, password);
  if (token.statusCode !== 200) throw new Error(`token ${token.statusCode}: ${token.body}`);
  const accessToken = token.json<{ access_token: string }>().access_token;
  return { token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

export type Session = Awaited<ReturnType<typeof signUp>>;

/** A test app whose first account, the super admin (root@example.com), is signed in. */
export async function startWithSuperAdmin(env: Record<string, string> = {}): Promise<{ t: TestApp; admin: Session }> {
  const t = await startTestApp(env);
  return { t, admin: await signUp(t.app, 'root@example.com') };
}

/** Follows the verification link registration mailed to the address, as its owner would. */
export async function verifyEmail(t: Pick<TestApp, 'app' | 'dataDir'>, email: string): Promise<void> {
  let mail = latestMail(t.dataDir, email, '/verify-email');
  for (let tries = 0; !mail && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    mail = latestMail(t.dataDir, email, '/verify-email');
  }
  if (!mail) throw new Error(`no verification mail for ${email}`);
  const token = linkIn(mail.text, 'verify-email').searchParams.get('token');
  const verified = await t.app.inject({ method: 'POST', url: '/api/verify-email', payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`verify ${verified.statusCode}: ${verified.body}`);
}

/** Registers, proves the address and signs in (again: proving the address ends the sessions before it). */
export async function signUpVerified(t: Pick<TestApp, 'app' | 'dataDir'>, email: string, password?: string): Promise<Session> {
  const { user } = await signUp(t.app, email, password);
  await verifyEmail(t, email);
  return { user, ...(await signIn(t.app, email, password)) };
}
