// The admin feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { requireMayActOnUser } from './who-acts-on-whom.ts';
export { describeChanges, type FieldLabels, handleTellingSuperAdmin, type SettingsChange } from './settings-announcement.ts';
export { requireMayActOnLink, requireMayActOnWorkspace } from './who-acts-on-whom.ts';
