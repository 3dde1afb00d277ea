import { z } from 'zod';

const id = z.number().int().positive();

/** A page's colours as stored (docs/pages.md#link-in-bio-pages): `#rrggbb`, lower case. */
const StoredBioTheme = z.object({ background: z.string(), text: z.string(), button: z.string(), button_text: z.string() });

/** What a page shows, every field present: its slug is claimed apart (`ShortCodeClaimedForPage`). */
const StoredBioPage = {
  slug: z.string(),
  title: z.string(),
  bio: z.string(),
  /** The workspace's short links it lists, in order. */
  link_ids: z.array(id),
  theme: StoredBioTheme,
};

/**
 * A member made a link-in-bio page for the workspace (stream `bio-pages-{workspaceId}`, which
 * holds all its pages, so the plan's page limit is checked on one stream); its slug was claimed
 * in the same append.
 */
const BioPageCreatedV1 = z.object({ workspace_id: id, page_id: id, ...StoredBioPage });

/**
 * A page changed: the fields given are the new ones, absent ones stay. A new slug was claimed in
 * the same append (the old one stays the page's). `avatar_image_id` names one of the workspace's
 * uploaded images (`QrLogoUploaded`), null removes the avatar.
 */
const BioPageUpdatedV1 = z.object({
  workspace_id: id,
  page_id: id,
  changes: z.object({ ...z.object(StoredBioPage).partial().shape, avatar_image_id: id.nullable().optional() }),
});

/** A page was deleted: its slugs stay claimed and answer the 404 page. */
const BioPageDeletedV1 = z.object({ workspace_id: id, page_id: id });

/**
 * A visitor opened a page (stream `bio-views-{pageId}`): recorded like a click — the visitor's
 * daily hash, country, user agent and referrer host, never the address. HEAD and prefetches are
 * not recorded; bots are recorded and never counted.
 */
const BioPageViewedV1 = z.object({
  page_id: id,
  workspace_id: id,
  country: z.string(),
  user_agent: z.string(),
  referrer: z.string(),
  visitor_hash: z.string(),
});

export const bioPageEvents = {
  BioPageCreated: { 1: BioPageCreatedV1 },
  BioPageUpdated: { 1: BioPageUpdatedV1 },
  BioPageDeleted: { 1: BioPageDeletedV1 },
  BioPageViewed: { 1: BioPageViewedV1 },
} as const;
