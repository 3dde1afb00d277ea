import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { UsageError, runOAuthCli } from './oauth-cli.ts';
import { InvalidProviderSettings } from '../accounts/oauth/provider-deciders.ts';

describe('npm run oauth', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-oauth-cli-'));
  const env = { DATA_DIR: dataDir, EVENTS_SYNC: 'NORMAL' };
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('explains its usage, unknown providers and missing credentials', async () => {
    await expect(runOAuthCli([], env)).rejects.toThrow(UsageError);
    await expect(runOAuthCli(['configure', 'myspace', '--client-id', 'a', '--client-secret', 'b'], env)).rejects.toThrow(
      'Unsupported provider: myspace. Use one of google, facebook, twitter.',
    );
    await expect(runOAuthCli(['configure', 'google', '--client-id', 'a'], env)).rejects.toThrow('--client-id and --client-secret are both required.');
    await expect(runOAuthCli(['configure', 'google', '--client-idd', 'a'], env)).rejects.toThrow(UsageError);
    await expect(runOAuthCli(['configure', 'google', '--client-id', 'a', '--client-secret', 'b', '--token-url', 'ftp://x'], env)).rejects.toThrow(
      InvalidProviderSettings,
    );
  });

  it('configures a provider with its public endpoints by default and lists it', async () => {
    const out: string[] = [];
    await runOAuthCli(['configure', 'facebook', '--client-id', 'fb-app', '--client-secret', 'fb-secret'], env, (line) => out.push(line));
    await runOAuthCli(['list'], env, (line) => out.push(line));
    expect(out).toEqual([
      'facebook sign-in configured and enabled. The client secret is stored encrypted.',
      'google: not configured',
      'facebook: enabled, client id fb-app, token url https://graph.facebook.com/v19.0/oauth/access_token',
      'twitter: not configured',
    ]);
  });
});
