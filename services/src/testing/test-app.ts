import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../platform/app.ts';
import { loadConfig } from '../platform/config.ts';
import { openPlatform, type Platform, type PlatformOptions } from '../platform/platform.ts';

export interface TestApp {
  app: FastifyInstance;
  platform: Platform;
  dataDir: string;
  close(): Promise<void>;
}

const quietLog = { info: () => undefined, error: (error: unknown) => console.error(error) };

/** The real product on real embedded stores in a temporary directory. */
export interface TestAppOptions {
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

/** Registers an account and signs in, returning the bearer header for later calls. */
export async function signUp(app: FastifyInstance, email: string, password = 'correct horse') {
  const registered = await app.inject({ method: 'POST', url: '/api/register', payload: { email, password } });
  if (registered.statusCode !== 201) throw new Error(`register ${registered.statusCode}: ${registered.body}`);
  const token = await app.inject({ method: 'POST', url: '/api/token', payload: `username=${encodeURIComponent(email)}&password=${encodeURIComponent(password)}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  if (token.statusCode !== 200) throw new Error(`token ${token.statusCode}: ${token.body}`);
  const accessToken = token.json<{ access_token: string }>().access_token;
  return { user: registered.json<{ id: number; role: string }>(), token: accessToken, headers: { authorization: `Bearer ${accessToken}` } };
}

export type Session = Awaited<ReturnType<typeof signUp>>;

/** A test app whose first account, the super admin (root@example.com), is signed in. */
export async function startWithSuperAdmin(env: Record<string, string> = {}): Promise<{ t: TestApp; admin: Session }> {
  const t = await startTestApp(env);
  return { t, admin: await signUp(t.app, 'root@example.com') };
}
