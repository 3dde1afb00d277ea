import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../formats/html-text.ts';

/** Where `npm start` builds the web app; WEB_DIST_DIR can name another build. */
const WEB_DIST = fileURLToPath(new URL('../../../web/dist/', import.meta.url));

/** The web app's own routes (docs/web-app.md#routes); their names can never be short codes (docs/links.md#reserved-words). */
export const WEB_ROUTES = [
  '/',
  '/login',
  '/register',
  '/forgot-password',
  '/auth/callback',
  '/verify-email',
  '/confirm-email-change',
  '/reset-password',
  '/pricing',
  '/dashboard',
  '/limits',
  '/analytics/:urlId',
  '/tags',
  '/surveys',
  '/surveys/new',
  '/surveys/:surveyId/edit',
  '/surveys/:surveyId/results',
  '/api-keys',
  '/custom-domains',
  '/bio-pages',
  '/developer-tools',
  '/webhooks',
  '/payment-management',
  '/settings',
  '/invite/:token',
  '/support',
  '/docs',
  '/terms',
  '/privacy',
  '/admin',
  '/admin/oauth-config',
] as const;

/** Shown only when the web app has not been built (API-only runs); npm start always builds it. */
const BARE_404 = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Page Not Found · Linkledger</title></head>
<body><main><h1>Page Not Found</h1><p>The URL you're trying to access doesn't exist.</p><p><a href="/">Go to Homepage</a></p></main></body></html>`;

/**
 * The 404 page of a Host the app does not answer on (docs/web-app.md#hosts): plain HTML, no
 * script, its links to the installation's own address when it has one.
 */
export function foreignHostNotFound(home: string | null) {
  const base = home ? escapeHtml(home.replace(/\/+$/, '')) : null;
  const links = base
    ? `<p><a href="${base}/">Go to Homepage</a></p><p><a href="${base}/login">Login</a> · <a href="${base}/register">Register</a> · <a href="${base}/support">Support</a></p>`
    : '';
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page Not Found</title></head>
<body><main><h1>Page Not Found</h1><p>The URL you're trying to access doesn't exist.</p>${links}</main></body></html>`;
  return (_request: FastifyRequest, reply: FastifyReply) => reply.code(404).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/**
 * Serves the built React app: its assets as static files, its routes with index.html, and
 * index.html with status 404 for anything unknown, where the app shows its 404 screen.
 */
export async function webApp(app: FastifyInstance, dist = WEB_DIST) {
  const root = dist.endsWith('/') ? dist : `${dist}/`;
  const built = existsSync(`${root}index.html`);
  const indexHtml = built ? readFileSync(`${root}index.html`, 'utf8') : BARE_404;
  if (built) await app.register(fastifyStatic, { root, wildcard: false, index: false, cacheControl: false, setHeaders: immutableAssets });

  const page = (status: number) => (_request: FastifyRequest, reply: FastifyReply) =>
    reply
      .code(built ? status : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(indexHtml);
  for (const route of WEB_ROUTES) app.get(route, { schema: { hide: true } }, page(200));
  return { notFoundPage: page(404) };
}

/** Vite fingerprints files under /assets/, so they can be cached for a year. */
function immutableAssets(reply: FastifyReply, path: string) {
  reply.header('cache-control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache');
}
