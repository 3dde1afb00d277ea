// The public pages as the features that serve them see them: only their public face (docs/architecture.md#dependency-rules).
export type { PublicPageVisit } from './public-page-dispatch.ts';
export type { VisitorBrand } from './visitor-brand.ts';
