import { z } from 'zod';
import { headerSafeDestination } from '../destination.ts';
import { StoredLinkControls } from './link-controls.ts';
import { ImportedFrom, StoredLinkOrganization } from './link-organization.ts';

/**
 * A destination as events hold it. New events hold the normalized address already; older
 * ones may hold characters a header cannot carry, so every read makes it header-safe.
 */
const StoredDestination = z.string().transform(headerSafeDestination);

export const CreatedVia = z.enum(['manual', 'api']);
export type CreatedVia = z.infer<typeof CreatedVia>;

const LinkCreatedV1 = z
  .object({
    link_id: z.number().int().positive(),
    owner_id: z.number().int().positive(),
    short_code: z.string(),
    original_url: StoredDestination,
    title: z.string(),
    description: z.string(),
    created_via: CreatedVia,
    custom_domain: z.string().nullable(),
    trai_header: z.string().nullable(),
    /** Set when an import created it (docs/import.md). */
    imported_from: ImportedFrom.optional(),
  })
  .extend(StoredLinkControls.shape)
  .extend(StoredLinkOrganization.shape);
export type LinkCreated = z.infer<typeof LinkCreatedV1>;

/**
 * Where a new link was placed, by claim (docs/domains.md#serving): the custom domain claim and
 * the TRAI header it was created under, appended with its `LinkCreated`. A link is served only
 * while that very claim holds its host, so a name deleted and claimed again starts empty.
 */
const LinkPlacedV1 = z.object({
  link_id: z.number().int().positive(),
  custom_domain_id: z.number().int().positive().nullable(),
  trai_id: z.number().int().positive().nullable(),
});

export const LinkChanges = z
  .object({
    title: z.string().optional(),
    description: z.string().optional(),
    original_url: StoredDestination.optional(),
    is_active: z.boolean().optional(),
  })
  .extend(StoredLinkControls.shape)
  .extend(StoredLinkOrganization.shape);
export type LinkChanges = z.infer<typeof LinkChanges>;

/** An edit of a link: `changes` holds only the fields whose value changed (never an empty edit). */
const LinkUpdatedV1 = z.object({
  link_id: z.number().int().positive(),
  changes: LinkChanges,
});
export type LinkUpdated = z.infer<typeof LinkUpdatedV1>;

const LinkDeletedV1 = z.object({
  link_id: z.number().int().positive(),
  short_code: z.string(),
});
export type LinkDeleted = z.infer<typeof LinkDeletedV1>;

/**
 * An admin disabled a link (phishing, malware, abuse) or enabled it again; the acting admin
 * is the event's actor. A disabled link answers the "link disabled" page, never its
 * destination, whatever its owner does; the owner sees the reason.
 */
const LinkModeratedV1 = z.object({
  link_id: z.number().int().positive(),
  disabled: z.boolean(),
  /** Why it was disabled, shown to the owner; empty when it is enabled again. */
  reason: z.string(),
});

/**
 * A redirect that was answered. Only the raw facts taken at request time are kept;
 * user-agent parsing and bot classification happen in the projectors so that a changed
 * policy can be replayed over all history.
 */
/**
 * Where a share button sends a link (docs/links.md#sharing): each adds `?src=<channel>` to the
 * short URL, so a click records which share brought it.
 */
export const SHARE_CHANNELS = ['copy', 'email', 'whatsapp', 'x', 'linkedin', 'facebook', 'telegram', 'native'] as const;
export type ShareChannel = (typeof SHARE_CHANNELS)[number];

/** How a visit reached the link: the plain short URL, its QR code, or a share button's channel. */
export const CLICK_SOURCES = ['link', 'qr', ...SHARE_CHANNELS] as const;
export type ClickSource = (typeof CLICK_SOURCES)[number];

const ClickedV1 = z.object({
  link_id: z.number().int().positive(),
  /** The link's owner when it was served, so analytics need no lookup. */
  owner_id: z.number().int().positive(),
  /** Revision of the link stream that was served. */
  link_version: z.number().int().nonnegative(),
  destination: z.string(),
  /** ISO 3166 alpha-2 code, or '' when unknown. */
  country: z.string(),
  user_agent: z.string(),
  /** Host of the Referer header, or '' for direct visits. */
  referrer: z.string(),
  /** The `src` of the visited address when it names a known source (older clicks: link or qr only). */
  source: z.enum(CLICK_SOURCES),
  /** HMAC of IP and user agent under a salt that rotates daily. */
  visitor_hash: z.string(),
  /**
   * Which targeting rule sent the visit (1 = the first of the link's rules when it was
   * served), or absent / 0 when no rule took it (docs/links.md#targeting-rules).
   */
  rule: z.number().int().nonnegative().optional(),
  /** Which A/B variant sent the visit (1-based), or absent / 0 when the link had no split. */
  variant: z.number().int().nonnegative().optional(),
});
export type Clicked = z.infer<typeof ClickedV1>;

/**
 * A link stopped serving its destination (docs/links.md#schedule-and-expiry): its expiry time
 * passed, or its last allowed click was redirected. Recorded once by the expiry scheduler so
 * history, notifications and webhooks see it; the redirect does not wait for it.
 */
const LinkExpiredV1 = z.object({
  link_id: z.number().int().positive(),
  reason: z.enum(['expires_at', 'max_clicks']),
});
export type LinkExpired = z.infer<typeof LinkExpiredV1>;

/**
 * The owner ended an A/B test by promoting one variant (1-based): its address becomes the
 * link's destination and the split is removed (docs/links.md#ab-split).
 */
const LinkVariantPromotedV1 = z.object({
  link_id: z.number().int().positive(),
  variant: z.number().int().positive(),
  original_url: StoredDestination,
});
export type LinkVariantPromoted = z.infer<typeof LinkVariantPromotedV1>;

export const linkEvents = {
  LinkCreated: { 1: LinkCreatedV1 },
  LinkPlaced: { 1: LinkPlacedV1 },
  LinkUpdated: { 1: LinkUpdatedV1 },
  LinkDeleted: { 1: LinkDeletedV1 },
  LinkModerated: { 1: LinkModeratedV1 },
  Clicked: { 1: ClickedV1 },
  LinkExpired: { 1: LinkExpiredV1 },
  LinkVariantPromoted: { 1: LinkVariantPromotedV1 },
} as const;
