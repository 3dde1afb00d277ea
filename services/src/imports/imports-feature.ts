import { documentedAs } from '../http/feature-routes.ts';
import { importRoutes } from './import-routes.ts';

/** Imports over HTTP (docs/import.md): starting, following, resuming and cancelling jobs, and their result files. */
export const importsFeature = documentedAs('imports', importRoutes);
