import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { CONTENT_SECURITY_POLICY, contentSecurityPolicy } from './security-headers.ts';

describe('security headers', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  beforeAll(async () => {
    t = await startTestApp();
    headers = (await signUp(t.app, 'ada@example.com')).headers;
  });
  afterAll(async () => t.close());

  it('are on every page, API answer, error, static file and the 404 page', async () => {
    const answers = await Promise.all([
      t.app.inject('/'),
      t.app.inject('/dashboard'),
      t.app.inject('/no-such-page/at-all'),
      t.app.inject('/api/health'),
      t.app.inject({ url: '/api/users/me', headers }),
      t.app.inject('/api/users/me'),
      t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'not a url' } }),
      t.app.inject('/api/docs/'),
      t.app.inject('/api/openapi.json'),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 404, 200, 200, 401, 400, 200, 200]);
    for (const answer of answers) {
      expect(answer.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Served over plain http here: no HSTS.
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    expect(CONTENT_SECURITY_POLICY).toContain("script-src 'self'");
    expect(CONTENT_SECURITY_POLICY).not.toMatch(/script-src[^;]*unsafe/);
    expect(CONTENT_SECURITY_POLICY).toContain("frame-ancestors 'none'");
    // Frames only of blob: URLs our own scripts made (a report's preview), never another site.
    expect(CONTENT_SECURITY_POLICY).toContain('frame-src blob:;');
  });

  it('let Razorpay’s checkout script and frame in only when Razorpay is configured', () => {
    const razorpay = contentSecurityPolicy({ RAZORPAY_KEY_ID: 'rzp_live_AbCdEf123456' });
    expect(razorpay).toContain("script-src 'self' https://checkout.razorpay.com;");
    expect(razorpay).toContain('frame-src blob: https://api.razorpay.com https://checkout.razorpay.com');
    expect(razorpay).toContain("frame-ancestors 'none'");
    expect(razorpay).not.toMatch(/script-src[^;]*unsafe/);
    expect(contentSecurityPolicy({ RAZORPAY_KEY_ID: undefined })).toBe(CONTENT_SECURITY_POLICY);
    expect(CONTENT_SECURITY_POLICY).not.toContain('razorpay');
  });

  it('add HSTS when PUBLIC_URL is https', async () => {
    await t.close();
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example.com' });
    expect((await t.app.inject('/')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect((await t.app.inject('/api/health')).headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});
