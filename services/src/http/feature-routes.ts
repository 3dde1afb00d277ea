import type { FastifyInstance } from 'fastify';
import type { Platform } from '../platform/platform.ts';

/** Registers a feature's routes on the app. */
export type FeatureRoutes = (app: FastifyInstance, platform: Platform) => Promise<void>;

/** A feature whose routes sit in several files, registered as one, in the order given. */
export function featureRoutes(...parts: FeatureRoutes[]): FeatureRoutes {
  return async (app, platform) => {
    for (const routes of parts) await routes(app, platform);
  };
}
