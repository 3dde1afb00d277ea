// The redirect feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { DailySalts } from './daily-salts.ts';
export { VisitorHasher } from './visitor.ts';
export { LOGO } from './visit-page.ts';
