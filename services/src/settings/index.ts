// The settings feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { proveCurrentPassword } from './password-change.ts';
export { startSession } from './sessions.ts';
