// The projection-ops feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { logHead, projectorStatus } from './projector-status.ts';
