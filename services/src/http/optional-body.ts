import type { FastifyInstance } from 'fastify';

/**
 * For calls that take no body (logout, the sign-up toggle, request-verification): clients
 * often still send "Content-Type: application/json" with nothing after it, which Fastify
 * would refuse. Inside this scope such a body, or any body, is simply ignored.
 */
export async function ignoreBodies(scope: FastifyInstance): Promise<void> {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, _body, done) => done(null, undefined));
}
