// The redirect feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { DailySalts, visitorSaltsFolder } from './daily-salts.ts';
export { VisitorHasher, countryOf, isPrefetch, referrerHost, userAgentOf } from './visitor.ts';
export { textPage } from './visit-page.ts';
