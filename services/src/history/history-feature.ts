import { documentedAs, featureRoutes } from '../http/feature-routes.ts';
import { historyRoutes } from './routes.ts';
import { eventTailRoutes } from './live-tail.ts';

/** The event history over HTTP: browsing it and its live tail. */
export const historyFeature = featureRoutes(documentedAs('admin', historyRoutes), eventTailRoutes);
