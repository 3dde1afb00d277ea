import type { FastifyInstance } from 'fastify';
import type { Config } from '../platform/config.ts';

/**
 * The content security policy of every page and API answer. Scripts only from our own
 * origin (the built app has no inline script); styles may be inline (React and Swagger UI
 * set style attributes; a style cannot run code); images also as data: and blob: (QR codes,
 * the favicon); no plugins, no framing by other sites, forms and fetches to ourselves only.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Written by hand: six constant headers are simpler than a dependency and its options. */
export function securityHeaders(config: Pick<Config, 'PUBLIC_URL'>): Record<string, string> {
  return {
    'content-security-policy': CONTENT_SECURITY_POLICY,
    'x-frame-options': 'DENY',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'strict-origin-when-cross-origin',
    'cross-origin-opener-policy': 'same-origin',
    // Only when the installation says it is served over https: on plain http it would be ignored or wrong.
    ...(config.PUBLIC_URL?.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** Every answer of the framework (pages, API, static files, errors, the 404 page) carries them. */
export function addSecurityHeaders(app: FastifyInstance, config: Pick<Config, 'PUBLIC_URL'>): void {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (_request, reply) => {
    reply.headers(headers);
  });
}
