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

/** Where a visitor's page is asked: a custom domain (lower case) or our host (null). */
export interface VisitorPlace {
  host: string | null;
  workspaceId: number | null;
}

/** The brands kept in memory beside the redirect cache: what a page on a place shows, with no I/O. */
export interface VisitorBrandLookup {
  forPlace(place: VisitorPlace, now: Date): VisitorBrand | null;
  /** A brand's logo as its pages load it: only the brand's current one, only while the brand shows. */
  logo(workspaceId: number, logoId: number, now: Date): BrandLogo | null;
}

/** A brand's logo, held in memory to serve visitors without reading the log. */
export interface BrandLogo {
  contentType: string;
  bytes: Buffer;
}
