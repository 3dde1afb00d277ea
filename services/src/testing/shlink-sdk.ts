import type { AddressInfo } from 'node:net';
import { ShlinkApiClient } from '@shlinkio/shlink-js-sdk';
import { FetchHttpClient } from '@shlinkio/shlink-js-sdk/fetch';
import type { TestApp } from './test-app.ts';

/** Shlink's own SDK, unchanged, against the app listening on a real port of 127.0.0.1, with the account's API key. */
export async function shlinkSdkOf(t: TestApp, session: { headers: Record<string, string> }): Promise<{ sdk: ShlinkApiClient; base: string }> {
  const generated = await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: session.headers });
  const apiKey = generated.json<{ api_key: string }>().api_key;
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  return { sdk: new ShlinkApiClient(new FetchHttpClient(), { baseUrl: base, apiKey }), base };
}
