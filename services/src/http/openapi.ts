import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

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
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', uiConfig: { deepLinking: true, persistAuthorization: true } });
  app.get('/api/openapi.json', { config: { access: 'anyone' }, schema: { hide: true } }, async () => app.swagger());
}
