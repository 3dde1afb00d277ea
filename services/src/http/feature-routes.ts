import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform.ts';

/** Registers a feature's routes on the app. */
type FeatureRoutes<P extends Platform = Platform> = (app: FastifyInstance, platform: P) => Promise<void>;

/** A feature whose routes sit in several files, registered as one, in the order given. */
export function featureRoutes<P extends Platform>(...parts: FeatureRoutes<P>[]): FeatureRoutes<P> {
  return async (app, platform) => {
    for (const routes of parts) await routes(app, platform);
  };
}

/**
 * Routes listed under one heading of the OpenAPI document, named once for them all: each route
 * that names no `tags` of its own gets `tag`. They are registered in a scope of their own.
 */
export function documentedAs<P extends Platform>(tag: string, ...parts: FeatureRoutes<P>[]): FeatureRoutes<P> {
  const routes = featureRoutes(...parts);
  return async (app, platform) => {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (route) => {
        if (route.schema && !route.schema.tags) route.schema = { ...route.schema, tags: [tag] };
      });
      await routes(scope, platform);
    });
  };
}
