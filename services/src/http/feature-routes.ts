import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform.ts';

/** Registers a feature's routes on the app. */
export type FeatureRoutes<P extends Platform = Platform> = (app: FastifyInstance, platform: P) => Promise<void>;

/** A feature whose routes sit in several files, registered as one, in the order given. */
export function featureRoutes<P extends Platform>(...parts: FeatureRoutes<P>[]): FeatureRoutes<P> {
  return async (app, platform) => {
    for (const routes of parts) await routes(app, platform);
  };
}
