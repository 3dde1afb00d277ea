// npm run oauth -- configure google --client-id … --client-secret … [--auth-url … --token-url … --userinfo-url … --scope … --redirect-uri … --disabled]
// npm run oauth -- list
// Writes to the event store only, so it works beside a running server.
import { randomUUID } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../platform/config.ts';
import { privateDataDirectory } from '../platform/data-dir.ts';
import { openEventStore } from './open-stores.ts';
import { loadSecret } from '../platform/secrets.ts';
import { configureProvider, loadProvider } from '../accounts/oauth/provider-config.ts';
import { InvalidProviderSettings } from '../accounts/oauth/provider-deciders.ts';
import { PROVIDERS, type OAuthProvider } from '../accounts/oauth/providers.ts';

const USAGE = `Usage:
  npm run oauth -- configure <${PROVIDERS.join('|')}> --client-id ID --client-secret SECRET
                  [--auth-url URL] [--token-url URL] [--userinfo-url URL] [--scope "email profile"]
                  [--redirect-uri https://your.host/auth/callback] [--disabled]
  npm run oauth -- list
The addresses must be the provider's own, or on a host named in OAUTH_EXTRA_PROVIDER_HOSTS.`;

export class UsageError extends Error {
  override name = 'UsageError';
}

export async function runOAuthCli(argv: string[], env: NodeJS.ProcessEnv = process.env, out: (line: string) => void = console.log): Promise<void> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        'client-id': { type: 'string' },
        'client-secret': { type: 'string' },
        'auth-url': { type: 'string' },
        'token-url': { type: 'string' },
        'userinfo-url': { type: 'string' },
        scope: { type: 'string' },
        'redirect-uri': { type: 'string' },
        disabled: { type: 'boolean', default: false },
      },
    });
  } catch (error) {
    throw new UsageError(`${(error as Error).message}\n${USAGE}`);
  }
  const { values, positionals } = parsed;
  const [command, name] = positionals;
  if (command !== 'list') {
    if (command !== 'configure' || !name) throw new UsageError(USAGE);
    if (!(PROVIDERS as readonly string[]).includes(name)) throw new UsageError(`Unsupported provider: ${name}. Use one of ${PROVIDERS.join(', ')}.`);
    if (!values['client-id'] || !values['client-secret']) throw new UsageError(`--client-id and --client-secret are both required.\n${USAGE}`);
  }
  const config = loadConfig(env);
  privateDataDirectory(config.DATA_DIR);
  const events = await openEventStore(config);
  try {
    if (command === 'list') {
      for (const provider of PROVIDERS) {
        const { state } = await loadProvider(events, provider);
        out(
          state
            ? `${provider}: ${state.enabled ? 'enabled' : 'disabled'}, client id ${state.client_id}, token url ${state.token_url}`
            : `${provider}: not configured`,
        );
      }
      return;
    }
    const secret = loadSecret(config.DATA_DIR, config.JWT_SECRET);
    const now = new Date();
    await configureProvider(
      { events, secret, config },
      { actor: { kind: 'system', id: 'oauth-cli' }, correlationId: randomUUID(), now, route: 'cli oauth configure' },
      {
        provider: name as OAuthProvider,
        client_id: values['client-id'] ?? '',
        client_secret: values['client-secret'] ?? '',
        auth_url: values['auth-url'],
        token_url: values['token-url'],
        userinfo_url: values['userinfo-url'],
        scope: values.scope,
        redirect_uri: values['redirect-uri'],
        enabled: !values.disabled,
      },
    );
    out(`${name} sign-in ${values.disabled ? 'configured (disabled)' : 'configured and enabled'}. The client secret is stored encrypted.`);
  } finally {
    await events.close();
  }
}

const isOperatorError = (error: unknown) => error instanceof UsageError || error instanceof ConfigError || error instanceof InvalidProviderSettings;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runOAuthCli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(isOperatorError(error) ? (error as Error).message : error);
    process.exit(isOperatorError(error) ? 2 : 1);
  });
}
