import { z } from 'zod';

/**
 * How a link is organized and branded, as events hold it (docs/links.md#organizing-links):
 * its tags and folder (by id: a renamed tag needs no edit of its links), the UTM parameters
 * added to its destination at redirect, and its QR code's design. Every field is optional in
 * `LinkCreated` and `LinkUpdated.changes`: absent means "not set" on creation and "unchanged"
 * in an edit; null (or an empty list) clears it. Events written before them hold none.
 */
const UtmValue = z.string().nullable().optional();

/** Error correction of a QR code: L 7 %, M 15 %, Q 25 %, H 30 % of the code may be lost (a logo needs H). */
export const QR_EC_LEVELS = ['L', 'M', 'Q', 'H'] as const;

export const StoredQrDesign = z.object({
  /** Colours as #rrggbb. */
  fg_color: z.string(),
  bg_color: z.string(),
  ec_level: z.enum(QR_EC_LEVELS),
  /** Quiet zone around the code, in modules. */
  margin: z.number().int().nonnegative(),
  /** An uploaded logo drawn in the centre (docs/links.md#qr-design); absent for none. */
  logo_id: z.number().int().positive().optional(),
});
export type StoredQrDesign = z.infer<typeof StoredQrDesign>;

export const StoredLinkOrganization = z.object({
  /** The workspace's tags the link carries (ids, in the order given). */
  tag_ids: z.array(z.number().int().positive()).optional(),
  /** The workspace's folder it is filed in; null for none. */
  folder_id: z.number().int().positive().nullable().optional(),
  utm_source: UtmValue,
  utm_medium: UtmValue,
  utm_campaign: UtmValue,
  utm_term: UtmValue,
  utm_content: UtmValue,
  qr: StoredQrDesign.nullable().optional(),
});
export type StoredLinkOrganization = z.infer<typeof StoredLinkOrganization>;

// The UTM fields and their order: contracts/src/utm-address.ts (UTM_FIELDS), which the web app shares.

/** Where a link came from when an import created it (docs/import.md): the source and the job. */
const IMPORT_SOURCES = ['bitly', 'shlink', 'yourls', 'kutt', 'csv'] as const;
export const ImportSourceName = z.enum(IMPORT_SOURCES);
export type ImportSourceName = z.infer<typeof ImportSourceName>;

export const ImportedFrom = z.object({
  source: ImportSourceName,
  job_id: z.number().int().positive(),
  /** The short link it had there (e.g. "https://bit.ly/abc"), so the result file maps old to new. */
  original_short_url: z.string(),
});
export type ImportedFrom = z.infer<typeof ImportedFrom>;
