import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { ErrorBody } from '@linkledger/contracts';
import type { AccessLevel } from './access.ts';
import { publicRoutes } from '../http/declared-routes.ts';

type SecurityRequirement = Record<string, string[]>[];

/** What each access level (http/access.ts) asks the caller to send, as OpenAPI security; `anyone` asks nothing. */
const SECURITY_OF_ACCESS: Record<AccessLevel, SecurityRequirement | undefined> = {
  anyone: undefined,
  user: [{ bearer: [] }],
  admin: [{ bearer: [] }],
  super_admin: [{ bearer: [] }],
  user_or_api_key: [{ apiKey: [] }, { bearer: [] }],
};

/** The zod schemas as JSON schema, and the route's security derived from its declared access: never written by hand beside it. */
const documentRoute: typeof jsonSchemaTransform = (input) => {
  const documented = jsonSchemaTransform(input);
  const access = (input.route.config as { access?: AccessLevel } | undefined)?.access;
  const security = access && SECURITY_OF_ACCESS[access];
  return security ? { ...documented, schema: { ...documented.schema, security } } : documented;
};

/**
 * The refusals a route gives whatever its handler does, answered with `ErrorBody`: 401 without a
 * credential its access asks for, 403 for a role or plan it requires, 400 for a body or query it
 * validates. A route declares only the other errors its handler gives.
 */
function refusalsOf(route: RouteOptions): number[] {
  const config = route.config as { access?: AccessLevel; feature?: unknown } | undefined;
  const schema = route.schema ?? {};
  const refusals: number[] = [];
  if (schema.body || schema.querystring) refusals.push(400);
  if (config?.access && config.access !== 'anyone') refusals.push(401);
  if (config?.access === 'admin' || config?.access === 'super_admin' || config?.feature) refusals.push(403);
  return refusals;
}

/** Adds the refusals the route's declarations imply to its response schemas: documented, and serialized as `ErrorBody` like every other error. */
function declareRefusals(route: RouteOptions): void {
  const response = route.schema?.response as Record<number, unknown> | undefined;
  if (!response) return;
  const implied = Object.fromEntries(refusalsOf(route).map((status) => [status, ErrorBody]));
  route.schema = { ...route.schema, response: { ...implied, ...response } };
}

/**
 * The OpenAPI document, generated from the same zod schemas that validate each route, at
 * /api/openapi.json, and interactive docs at /api/docs. Register before the routes.
 */
export async function openApi(app: FastifyInstance) {
  const anyone = publicRoutes(app);

  app.addHook('onRoute', declareRefusals);
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'Linkledger API',
        version: '1.0.0',
        description:
          'Short links, live click analytics and a replayable history. Sign in with POST /api/token for a bearer token, or send your API key in the X-API-Key header where a route accepts it.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
    },
    transform: documentRoute,
  });
  // One place: a route that wrote its own security could contradict its access.
  app.addHook('onRoute', (route) => {
    if ((route.schema as { security?: unknown } | undefined)?.security)
      throw new Error(`${String(route.method)} ${route.url} writes its OpenAPI security by hand: it is derived from config.access`);
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true, persistAuthorization: true } });
  anyone.get('/api/openapi.json', { hide: true, handler: async () => app.swagger() });
}
