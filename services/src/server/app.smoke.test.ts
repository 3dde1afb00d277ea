import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';

describe('app smoke', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t.close());

  it('answers health, registers, signs in, creates, lists and redirects', async () => {
    const health = await t.app.inject('/api/health');
    expect(health.statusCode).toBe(200);
    const { headers, user } = await signUp(t.app, 'ada@example.com');
    expect(user.role).toBe('super_admin');
    const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/x', title: 'X' } });
    expect(created.statusCode).toBe(201);
    const link = created.json();
    const redirect = await t.app.inject({
      url: `/${link.short_code}`,
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/120.0 Safari/537.36' },
    });
    expect(redirect.statusCode).toBe(302);
    expect(redirect.headers.location).toBe('https://example.com/x');
  });
});
