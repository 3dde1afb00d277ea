import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.ts';

/**
 * The content security policy of every page and API answer. Scripts only from our own
 * origin (the built app has no inline script); styles may be inline (React and Swagger UI
 * set style attributes; a style cannot run code); images also as data: and blob: (QR codes,
 * the favicon); frames only of blob: URLs, which only our own scripts can make (a report's PDF
 * previewed in the page, docs/reports.md); no plugins, no framing by other sites, forms and
 * fetches to ourselves only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  'frame-src blob:',
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * With Razorpay configured, its checkout (docs/payments.md) runs on our pages: its script
 * from checkout.razorpay.com, its form in a frame of api.razorpay.com, which also receives
 * its calls. Nothing else is opened up; test mode's checkout is our own page.
 */
export function contentSecurityPolicy(config: Pick<Config, 'RAZORPAY_KEY_ID'>): string {
  if (!config.RAZORPAY_KEY_ID) return CONTENT_SECURITY_POLICY;
  const razorpay: Record<string, string> = {
    'script-src': 'https://checkout.razorpay.com',
    'connect-src': 'https://api.razorpay.com https://lumberjack.razorpay.com',
    'frame-src': 'https://api.razorpay.com https://checkout.razorpay.com',
  };
  return CONTENT_SECURITY_POLICY.split('; ')
    .map((directive) => {
      const name = directive.split(' ')[0]!;
      return razorpay[name] ? `${directive} ${razorpay[name]}` : directive;
    })
    .join('; ');
}

/** Written by hand: six constant headers are simpler than a dependency and its options. */
function securityHeaders(config: Pick<Config, 'PUBLIC_URL' | 'RAZORPAY_KEY_ID'>): Record<string, string> {
  return {
    'content-security-policy': contentSecurityPolicy(config),
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    // Only when the installation says it is served over https: on plain http it would be ignored or wrong.
    ...(config.PUBLIC_URL?.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Every answer of the framework (pages, API, static files, errors, the 404 page) carries them. */
export function addSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL' | 'RAZORPAY_KEY_ID'>): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
