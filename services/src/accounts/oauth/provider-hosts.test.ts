import { describe, expect, it } from 'vitest';
import { PROVIDER_DEFAULTS, PROVIDERS } from './providers.ts';
import { firstProviderAddressProblem, providerAddressProblem } from './provider-hosts.ts';

describe('provider addresses', () => {
  it('accepts every provider’s public addresses', () => {
    for (const provider of PROVIDERS) expect(firstProviderAddressProblem({ provider, ...PROVIDER_DEFAULTS[provider] }, [])).toBeNull();
  });

  it('accepts https on another of the provider’s own hosts', () => {
    expect(providerAddressProblem('google', 'userinfo_url', 'https://www.googleapis.com/oauth2/v3/userinfo', [])).toBeNull();
    expect(providerAddressProblem('twitter', 'token_url', 'https://api.x.com/2/oauth2/token', [])).toBeNull();
  });

  it('refuses another provider’s host, a look-alike, plain http and what is no address, naming the field', () => {
    const refused: [Parameters<typeof providerAddressProblem>[0], string][] = [
      ['google', 'https://graph.facebook.com/token'],
      ['google', 'https://oauth2.googleapis.com.attacker.example/token'],
      ['google', 'https://attacker.example/oauth2.googleapis.com/token'],
      ['google', 'http://oauth2.googleapis.com/token'],
      ['facebook', 'https://127.0.0.1/token'],
      ['twitter', 'not an address'],
    ];
    for (const [provider, address] of refused) expect(providerAddressProblem(provider, 'token_url', address, []), address).toMatch(/^token_url must be /);
  });

  it('accepts a host the operator trusts, over http too, and nothing else because of it', () => {
    expect(providerAddressProblem('google', 'token_url', 'http://localhost:9000/token', ['localhost'])).toBeNull();
    expect(providerAddressProblem('google', 'token_url', 'http://127.0.0.1:9000/token', ['localhost'])).toContain('OAUTH_EXTRA_PROVIDER_HOSTS');
    expect(
      firstProviderAddressProblem({ provider: 'google', ...PROVIDER_DEFAULTS.google, userinfo_url: 'https://evil.example/me' }, ['localhost'])?.field,
    ).toBe('userinfo_url');
  });
});
