import { documentedAs } from '../http/feature-routes.ts';
import { bioPageRoutes } from './bio-page-routes.ts';

/** Link-in-bio pages over HTTP (docs/pages.md#link-in-bio-pages); the pages themselves are served by the public-page dispatcher. */
export const bioPagesFeature = documentedAs('pages', bioPageRoutes);
