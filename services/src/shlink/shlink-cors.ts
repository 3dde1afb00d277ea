import type { FastifyInstance } from 'fastify';

/**
 * Shlink's web client runs in the browser on its own origin and calls the server with the key
 * in a header, so these routes answer any origin, as Shlink does. No cookie or session is read
 * here (`X-Api-Key` only, and credentials are not allowed), so an origin gains nothing it could
 * not do without a browser.
 */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'X-Api-Key, Content-Type, Accept',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
  'access-control-max-age': '3600',
};

/** Every answer of the scope, errors included, may be read by a page of any origin; a preflight is answered with 204. */
export function answerAnyOrigin(scope: FastifyInstance): void {
  scope.addHook('onSend', async (_request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    return payload;
  });
  scope.route({ method: 'OPTIONS', url: '/*', schema: { hide: true }, handler: async (_request, reply) => reply.code(204).headers(CORS_HEADERS).send() });
}
