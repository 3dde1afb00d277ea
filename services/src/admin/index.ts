// The admin feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { requireMayActOnUser } from './who-acts-on-whom.ts';
