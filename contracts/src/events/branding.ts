import { z } from 'zod';

const WorkspaceId = z.number().int().positive();

/**
 * A workspace set the brand its visitors see on its custom domains (stream
 * `workspace-brand-{workspaceId}`, docs/pages.md#white-label): the whole brand as it is now.
 * The logo is one of the workspace's uploaded logos (`QrLogoUploaded` on `qr-logos-{workspaceId}`).
 */
const WorkspaceBrandSetV1 = z.object({
  workspace_id: WorkspaceId,
  /** Plain text, escaped wherever it is written. */
  name: z.string(),
  /** `#rrggbb`, lower case. */
  primary_color: z.string().regex(/^#[0-9a-f]{6}$/),
  background_color: z.string().regex(/^#[0-9a-f]{6}$/),
  logo_id: z.number().int().positive().nullable(),
});
export type WorkspaceBrandSet = z.infer<typeof WorkspaceBrandSetV1>;

/** A workspace removed its brand: its domains show ours again. */
const WorkspaceBrandRemovedV1 = z.object({ workspace_id: WorkspaceId });

export const brandingEvents = {
  WorkspaceBrandSet: { 1: WorkspaceBrandSetV1 },
  WorkspaceBrandRemoved: { 1: WorkspaceBrandRemovedV1 },
} as const;
