// The workspaces feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { leaveEveryWorkspace } from './leave-on-account-deletion.ts';
export { ACTIVITY_TYPES, newActivity } from './live-activity.ts';
