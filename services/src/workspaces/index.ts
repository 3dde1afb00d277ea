// The workspaces feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { leaveEveryWorkspace } from './leave-on-account-deletion.ts';
