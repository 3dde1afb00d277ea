import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AccessLevel } from './access.ts';

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
 * The OpenAPI document, generated from the same zod schemas that validate each route, at
 * /api/openapi.json, and interactive docs at /api/docs. Register before the routes.
 */
export async function openApi(app: FastifyInstance) {
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
  app.get('/api/openapi.json', { config: { access: 'anyone' }, schema: { hide: true } }, async () => app.swagger());
}
