// The health feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { checkStores } from './store-check.ts';
