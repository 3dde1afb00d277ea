import type { DomainEvent, SocialCard, StoredLinkControls, TargetingRule, UtmParameters, Variant } from '@linkledger/contracts';
import { StoredLinkOrganization, UTM_FIELDS, setUtmParameters, withUtmParameters } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** What the write side knows of one link, folded from the `link-{id}` stream. */
export interface LinkState {
  id: number;
  ownerId: number;
  shortCode: string;
  destination: string;
  isActive: boolean;
  deleted: boolean;
  /** Disabled by an admin (docs/admin.md#moderation): the "link disabled" page, never the destination. */
  moderated: boolean;
  /** Revision of the stream this state was folded up to. */
  version: number;
  /** Where it is served (fixed at creation): a custom domain's host, a TRAI header, or neither. */
  customDomain: string | null;
  traiHeader: string | null;
  /** The domain claim and the TRAI header it was created under (`LinkPlaced`); null on our host or for links made before claims were recorded. */
  domainId: number | null;
  traiId: number | null;
  /** The log position it was created at: a link made before claims were recorded belongs to the claim that held its host then. */
  createdAt: number;
  /**
   * Its smart-link controls (docs/links.md#smart-links), or null for a plain link, so the
   * redirect's plain path checks one field and nothing else.
   */
  controls: LinkControls | null;
  /** Its UTM parameters (docs/links.md#utm-parameters); null when none is set. */
  utm: UtmParameters | null;
  /**
   * Where a visit is sent: the destination with the UTM parameters added, worked out once when
   * the link is folded so the redirect parses nothing per click (without UTM, `destination` itself).
   */
  servedDestination: string;
}

/** A link's smart controls as the redirect evaluates them: instants as epoch milliseconds. */
interface LinkControls {
  startsAt: number | null;
  expiresAt: number | null;
  maxClicks: number | null;
  expiredUrl: string | null;
  /** The password's slow hash; null when the link has none. */
  passwordHash: string | null;
  rules: readonly TargetingRule[];
  variants: readonly Variant[];
  og: SocialCard | null;
  /** `LinkExpired` was recorded (by time or by clicks). */
  expired: boolean;
  /** Each rule's and each variant's address with the UTM parameters added, in their order (as `servedDestination`). */
  servedRuleUrls: readonly string[];
  servedVariantUrls: readonly string[];
}

const NO_CONTROLS: LinkControls = {
  startsAt: null,
  expiresAt: null,
  maxClicks: null,
  expiredUrl: null,
  passwordHash: null,
  rules: [],
  variants: [],
  og: null,
  expired: false,
  servedRuleUrls: [],
  servedVariantUrls: [],
};

const instant = (iso: string | null) => (iso === null ? null : Date.parse(iso));

/** The controls after a creation or an edit: absent fields stay, null or [] clears them; none set at all is null. */
function applyControlChanges(current: LinkControls | null, changes: StoredLinkControls): LinkControls | null {
  const base = current ?? NO_CONTROLS;
  const next: LinkControls = {
    startsAt: changes.starts_at === undefined ? base.startsAt : instant(changes.starts_at),
    expiresAt: changes.expires_at === undefined ? base.expiresAt : instant(changes.expires_at),
    maxClicks: changes.max_clicks === undefined ? base.maxClicks : changes.max_clicks,
    expiredUrl: changes.expired_url === undefined ? base.expiredUrl : changes.expired_url,
    passwordHash: changes.password_hash === undefined ? base.passwordHash : changes.password_hash,
    rules: changes.rules ?? base.rules,
    variants: changes.variants ?? base.variants,
    og: changes.og === undefined ? base.og : changes.og,
    // A new schedule or cap re-arms the link; the scheduler records it expired again if it still is.
    expired: changes.starts_at === undefined && changes.expires_at === undefined && changes.max_clicks === undefined ? base.expired : false,
    servedRuleUrls: base.servedRuleUrls,
    servedVariantUrls: base.servedVariantUrls,
  };
  return hasControls(next) ? next : null;
}

function hasControls(controls: LinkControls): boolean {
  return (
    controls.expired ||
    controls.startsAt !== null ||
    controls.expiresAt !== null ||
    controls.maxClicks !== null ||
    controls.expiredUrl !== null ||
    controls.passwordHash !== null ||
    controls.rules.length > 0 ||
    controls.variants.length > 0 ||
    controls.og !== null
  );
}

/** The UTM parameters after a creation or an edit: absent fields stay, null clears them; none set is null. */
function utmAfter(current: UtmParameters | null, changes: UtmParameters): UtmParameters | null {
  const next: UtmParameters = { ...current };
  for (const field of UTM_FIELDS) if (changes[field] !== undefined) next[field] = changes[field];
  const set = setUtmParameters(next);
  return set.length === 0 ? null : Object.fromEntries(set);
}

/**
 * The addresses visits are sent to, worked out again after an event that may change them
 * (docs/links.md#utm-parameters): the destination's, each rule's and each variant's, with
 * the UTM parameters added. A link without them serves its addresses as they are.
 */
function withServedAddresses(state: LinkState): LinkState {
  const serve = (address: string) => (state.utm === null ? address : withUtmParameters(address, state.utm));
  const controls = state.controls && {
    ...state.controls,
    servedRuleUrls: state.controls.rules.map((rule) => serve(rule.url)),
    servedVariantUrls: state.controls.variants.map((variant) => serve(variant.url)),
  };
  return { ...state, servedDestination: serve(state.destination), controls };
}

export function evolveLink(state: LinkState | null, event: DomainEvent, envelope: EventEnvelope): LinkState | null {
  switch (event.type) {
    case 'LinkCreated':
      return withServedAddresses({
        id: event.data.link_id,
        ownerId: event.data.owner_id,
        shortCode: event.data.short_code,
        destination: event.data.original_url,
        isActive: true,
        deleted: false,
        moderated: false,
        version: envelope.revision,
        customDomain: event.data.custom_domain,
        traiHeader: event.data.trai_header,
        domainId: null,
        traiId: null,
        createdAt: envelope.position,
        controls: applyControlChanges(null, event.data),
        utm: utmAfter(null, event.data),
        servedDestination: event.data.original_url,
      });
    case 'LinkPlaced':
      return state && { ...state, domainId: event.data.custom_domain_id, traiId: event.data.trai_id, version: envelope.revision };
    case 'LinkUpdated':
      if (!state) return state;
      return withServedAddresses({
        ...state,
        destination: event.data.changes.original_url ?? state.destination,
        isActive: event.data.changes.is_active ?? state.isActive,
        controls: applyControlChanges(state.controls, event.data.changes),
        utm: utmAfter(state.utm, event.data.changes),
        version: envelope.revision,
      });
    case 'LinkExpired':
      return state && { ...state, controls: { ...(state.controls ?? NO_CONTROLS), expired: true }, version: envelope.revision };
    case 'LinkVariantPromoted':
      return (
        state &&
        withServedAddresses({
          ...state,
          destination: event.data.original_url,
          controls: applyControlChanges(state.controls, { variants: [] }),
          version: envelope.revision,
        })
      );
    case 'LinkDeleted':
      return state && { ...state, deleted: true, version: envelope.revision };
    case 'LinkModerated':
      return state && { ...state, moderated: event.data.disabled, version: envelope.revision };
    default:
      return state;
  }
}

/**
 * The link as an edit sees it: LinkState plus the texts an update compares against. Kept
 * apart from LinkState so the redirect cache, which holds many links, stays small.
 */
export interface EditableLink extends LinkState {
  title: string;
  description: string;
  /** Its tags, folder, UTM parameters and QR design as events hold them (docs/links.md#organizing-links); unset ones absent. */
  organization: StoredLinkOrganization;
}

/** The organization after a creation or an edit: absent fields stay, null or [] clears them. */
function organizedAs(current: StoredLinkOrganization, event: StoredLinkOrganization): StoredLinkOrganization {
  const next: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(pickOrganization(event))) {
    if (value === null || (Array.isArray(value) && value.length === 0)) delete next[field];
    else next[field] = value;
  }
  return next;
}

const ORGANIZATION_FIELDS = Object.keys(StoredLinkOrganization.shape) as (keyof StoredLinkOrganization)[];

/** The organization fields an event (or a request) gives, absent ones left out. */
export function pickOrganization(fields: StoredLinkOrganization): StoredLinkOrganization {
  return Object.fromEntries(ORGANIZATION_FIELDS.flatMap((field) => (fields[field] === undefined ? [] : [[field, fields[field]]])));
}

export function evolveEditableLink(state: EditableLink | null, event: DomainEvent, envelope: EventEnvelope): EditableLink | null {
  const next = evolveLink(state, event, envelope);
  if (!next || next === state) return state;
  const texts = { title: state?.title ?? '', description: state?.description ?? '', organization: state?.organization ?? {} };
  if (event.type === 'LinkCreated') {
    return { ...next, title: event.data.title, description: event.data.description, organization: organizedAs({}, event.data) };
  }
  if (event.type === 'LinkUpdated') {
    const { changes } = event.data;
    return {
      ...next,
      title: changes.title ?? texts.title,
      description: changes.description ?? texts.description,
      organization: organizedAs(texts.organization, changes),
    };
  }
  return { ...next, ...texts };
}
