// The white-label feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { VISITOR_BRAND_EVENTS, VisitorBrands } from './visitor-brands.ts';
export { BRAND_LOGO_ROUTE, brandingRoutes } from './brand-routes.ts';
