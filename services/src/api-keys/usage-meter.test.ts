import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { apiUsageMeter } from './usage-meter.ts';

describe('API call metering', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let key: string;
  beforeAll(async () => {
    t = await startTestApp();
    headers = (await signUp(t.app, 'metered@example.com')).headers;
    key = (await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers })).json<{ api_key: string }>().api_key;
  });
  afterAll(async () => t.close());

  const usage = async () => (await t.app.inject({ url: '/api/subscription/current', headers })).json().usage.api_calls;

  it('counts key calls, not the web app’s bearer calls, into the month’s usage as events', async () => {
    for (let i = 0; i < 3; i++) expect((await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } })).statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/shorten?key=${key}&short=${encodeURIComponent('https://example.com/metered')}` })).json().url.status).toBe(7);
    expect((await t.app.inject({ url: '/api/urls', headers })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': 'll_wrong' } })).statusCode).toBe(401);

    const position = await apiUsageMeter(t.platform).flush();
    await t.platform.readModel.waitFor(position, 5000);
    expect(await usage()).toBe(4);
    const metered = (await t.platform.events.readAll({ after: 0, limit: 100, filter: { types: ['ApiCallsMetered'] } })).map((e) => e.data);
    expect(metered).toEqual([{ user_id: expect.any(Number), calls: 4 }]);

    // Nothing counted since: no event.
    expect(await apiUsageMeter(t.platform).flush()).toBe(0);
  });

  it('writes what it counted when the app closes, so a clean restart loses nothing', async () => {
    const dataDir = t.dataDir;
    await t.app.inject({ url: '/api/urls', headers: { 'x-api-key': key } });
    await t.app.close();
    await t.platform.close();
    t = await startTestApp({}, { dataDir });
    await expect.poll(usage).toBe(5);
  });
});
