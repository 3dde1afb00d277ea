import type { Platform } from '../platform/platform.ts';

/**
 * Whose name, logo and colours a visitor's page shows (docs/pages.md#white-label): a workspace's
 * own on its custom domain when its plan has `white_label`, else ours.
 */
export interface VisitorBrand {
  /** The workspace's name as visitors see it (plain text: escaped where it is written). */
  name: string;
  /** Where the page loads the logo from (a path on the same host), or null for none. */
  logoUrl: string | null;
  /** `#rrggbb`: buttons and links. */
  primaryColor: string;
  /** `#rrggbb`: the page behind the card. */
  backgroundColor: string;
}

/**
 * The brand of the pages a request on `place` sees: null for ours (our host, or a domain whose
 * workspace has no white label). The white-label feature decides; until a workspace sets a
 * brand, every page is ours.
 */
export async function visitorBrandFor(_platform: Platform, _place: { host: string | null; workspaceId: number | null }): Promise<VisitorBrand | null> {
  return null;
}
