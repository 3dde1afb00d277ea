import type { ImportedFrom, LinkChanges, SocialCard, StoredLinkControls, StoredQrDesign, TargetingRule, Variant } from '@linkledger/contracts';
import type { ReadModelHandlers, ReadModelPrefetch } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

export const LINKS = 'links';
/** One document per owner (id = owner id): the dashboard's totals without scanning links. */
export const LINK_TOTALS = 'link_totals';

export interface LinkView {
  [key: string]: unknown;
  id: number;
  owner_id: number;
  short_code: string;
  original_url: string;
  title: string;
  /** The title in lower case: the "title" sort ignores case. */
  title_key: string;
  description: string;
  created_via: 'manual' | 'api';
  custom_domain: string | null;
  trai_header: string | null;
  /** Disabled by an admin (absent on links never moderated). */
  disabled_by_admin?: boolean;
  moderation_reason?: string | null;
  is_active: boolean;
  /** Smart-link controls (docs/links.md#smart-links); absent on links that never had them. */
  starts_at?: string | null;
  expires_at?: string | null;
  max_clicks?: number | null;
  expired_url?: string | null;
  /** Whether a password guards it: the hash itself stays in the log only. */
  has_password?: boolean;
  rules?: TargetingRule[];
  variants?: Variant[];
  og?: SocialCard | null;
  /** `LinkExpired` was recorded. */
  expired?: boolean;
  /** The expiry time (ISO, UTC) while `LinkExpired` is not recorded yet: what the expiry scheduler looks for. */
  expiry_due?: string | null;
  /** How it is organized (docs/links.md#organizing-links); absent on links that never had them. */
  tag_ids?: number[];
  folder_id?: number | null;
  utm_source?: string | null;
  utm_medium?: string | null;
  utm_campaign?: string | null;
  utm_term?: string | null;
  utm_content?: string | null;
  qr?: StoredQrDesign | null;
  /** Set when an import created it (docs/import.md). */
  imported_from?: ImportedFrom;
  /** Human clicks: bots are in the log but never counted. */
  total_clicks: number;
  created_at: string;
  updated_at: string;
}

export interface LinkTotalsView {
  [key: string]: unknown;
  id: number;
  total_urls: number;
  total_clicks: number;
}

export const linkIndexes = {
  // The dashboard lists by owner, per tab, newest first; redirects misses look up by code.
  [LINKS]: [['owner_id', 'created_at'], ['owner_id', 'created_via', 'created_at'], ['short_code'], ['expiry_due']],
  [LINK_TOTALS]: [],
} as const;

/** An expiry time as the scheduler compares it (ISO in UTC), or null (also for a time that does not parse: a projector never throws on what the log holds). */
function dueOf(expiresAt: string | null | undefined): string | null {
  const at = expiresAt ? Date.parse(expiresAt) : NaN;
  return Number.isNaN(at) ? null : new Date(at).toISOString();
}

/** An empty string is no domain: "custom" and "default" links are told apart by null. */
const orNull = (value: string | null) => (value ? value : null);

async function addToTotals(tx: UnitOfWork, ownerId: number, urls: number, clicks: number) {
  const changed = await tx.change<LinkTotalsView>(LINK_TOTALS, ownerId, (totals) => {
    totals.total_urls += urls;
    totals.total_clicks += clicks;
  });
  if (!changed) tx.put(LINK_TOTALS, { id: ownerId, total_urls: urls, total_clicks: clicks });
}

/**
 * The controls as a link document keeps them: whether a password guards it, never the hash,
 * which stays in the log for the redirect alone.
 */
export function controlsDocument({ password_hash, ...controls }: StoredLinkControls): Partial<LinkView> {
  return password_hash === undefined ? controls : { ...controls, has_password: password_hash !== null };
}

/** A link document after an edit: the changed fields, the controls as `controlsDocument` keeps them; a new schedule or cap re-arms it. */
export function editedLink(link: LinkView, { title, description, original_url, is_active, ...controls }: LinkChanges): LinkView {
  const rearmed = controls.starts_at !== undefined || controls.expires_at !== undefined || controls.max_clicks !== undefined;
  return {
    ...link,
    ...(title === undefined ? {} : { title, title_key: title.toLowerCase() }),
    ...(description === undefined ? {} : { description }),
    ...(original_url === undefined ? {} : { original_url }),
    ...(is_active === undefined ? {} : { is_active }),
    ...controlsDocument(controls),
    // A new schedule or cap re-arms the link (as its state folds it): due again at its expiry time, if any.
    ...(rearmed ? { expired: false, expiry_due: dueOf(controls.expires_at === undefined ? link.expires_at : controls.expires_at) } : {}),
  };
}

export const linkHandlers: ReadModelHandlers = {
  async LinkCreated({ link_id, owner_id, custom_domain, trai_header, short_code, original_url, title, description, created_via, ...controls }, recorded, tx) {
    const at = recorded.metadata.at;
    const link: LinkView = {
      id: link_id,
      owner_id,
      short_code,
      original_url,
      title,
      description,
      created_via,
      ...controlsDocument(controls),
      title_key: title.toLowerCase(),
      custom_domain: orNull(custom_domain),
      trai_header: orNull(trai_header),
      is_active: true,
      ...(controls.expires_at ? { expiry_due: dueOf(controls.expires_at) } : {}),
      total_clicks: 0,
      created_at: at,
      updated_at: at,
    };
    tx.put(LINKS, link);
    await addToTotals(tx, owner_id, 1, 0);
  },
  async LinkUpdated({ link_id, changes }, recorded, tx) {
    await tx.update<LinkView>(LINKS, link_id, (link) => ({ ...editedLink(link, changes), updated_at: recorded.metadata.at }));
  },
  async LinkVariantPromoted({ link_id, original_url }, recorded, tx) {
    await tx.update<LinkView>(LINKS, link_id, (link) => ({ ...link, original_url, variants: [], updated_at: recorded.metadata.at }));
  },
  async LinkExpired({ link_id }, _recorded, tx) {
    // Not an edit of the link: its updated_at stays.
    await tx.update<LinkView>(LINKS, link_id, (link) => ({ ...link, expired: true, expiry_due: null }));
  },
  async LinkModerated({ link_id, disabled, reason }, recorded, tx) {
    await tx.update<LinkView>(LINKS, link_id, (link) => ({
      ...link,
      disabled_by_admin: disabled,
      moderation_reason: disabled ? reason : null,
      updated_at: recorded.metadata.at,
    }));
  },
  async LinkDeleted({ link_id }, _recorded, tx) {
    const link = await tx.get<LinkView>(LINKS, link_id);
    if (!link) return;
    tx.delete(LINKS, link_id);
    await addToTotals(tx, link.owner_id, -1, -link.total_clicks);
  },
  async Clicked({ link_id, owner_id, user_agent }, _recorded, tx) {
    if (tx.bots.isBot(user_agent)) return;
    // Counted by the store without reading the link; a click of a link deleted meanwhile counts
    // nowhere, so its owner's totals stay the sum of its links'. The click's owner is the
    // link's own (the redirect served it from the link's stream).
    await tx.count(LINKS, link_id, 'total_clicks', 1, [{ collection: LINK_TOTALS, id: owner_id, field: 'total_clicks' }]);
  },
};

/**
 * The links the batch's link events touch, then their owners' totals (owners known from those
 * links). Clicks read nothing, except where the batch writes their owner's totals whole too (a
 * link created or deleted beside them): their links are read ahead then, in one query, as
 * counting into totals held in memory must know that the clicked link exists.
 */
export const prefetchLinks: ReadModelPrefetch = async (batch, tx) => {
  const linkIds = new Set<number>();
  const owners = new Set<number>();
  const clickedBy = new Map<number, Set<number>>();
  for (const { event } of batch) {
    if (event.type === 'LinkCreated') owners.add(event.data.owner_id);
    else if (
      event.type === 'LinkUpdated' ||
      event.type === 'LinkDeleted' ||
      event.type === 'LinkModerated' ||
      event.type === 'LinkExpired' ||
      event.type === 'LinkVariantPromoted'
    ) {
      linkIds.add(event.data.link_id);
    } else if (event.type === 'Clicked' && !tx.bots.isBot(event.data.user_agent)) {
      const clicked = clickedBy.get(event.data.owner_id) ?? new Set<number>();
      clickedBy.set(event.data.owner_id, clicked.add(event.data.link_id));
    }
  }
  await tx.prefetch(LINKS, linkIds);
  for (const id of linkIds) {
    const link = await tx.get<LinkView>(LINKS, id);
    if (link) owners.add(link.owner_id);
  }
  await tx.prefetch(
    LINKS,
    [...owners].flatMap((owner) => [...(clickedBy.get(owner) ?? [])]),
  );
  await tx.prefetch(LINK_TOTALS, owners);
};
