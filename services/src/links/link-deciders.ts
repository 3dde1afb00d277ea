import { isDeepStrictEqual } from 'node:util';
import type { DomainEvent, LinkChanges, LinkCreated, StoredLinkControls, StoredLinkOrganization } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider, StreamSpec } from '../commands/command-handler.ts';
import { DomainError, conflict, invalid, notFound } from '../commands/domain-error.ts';
import { evolveEditableLink, evolveLink, pickOrganization, type EditableLink, type LinkState } from './link-state.ts';
import { checkControls, type ControlsCheckContext } from './link-control-checks.ts';
import { changedControls, currentSchedule } from './link-control-changes.ts';

export const LINK_NOT_FOUND = 'URL not found';
const SHORT_CODE_TAKEN = 'This short code is already taken. Choose another one.';

/** Someone holds the short code: a chosen one is refused, a generated one is drawn again. */
export class ShortCodeTaken extends DomainError {
  constructor() {
    super('conflict', SHORT_CODE_TAKEN);
  }
}

export interface CreateLinkCommand extends ControlsCheckContext {
  linkId: number;
  ownerId: number;
  shortCode: string;
  originalUrl: string;
  title: string;
  description: string;
  createdVia: 'manual' | 'api';
  /** Where it is served: a custom domain's host and/or a TRAI header, checked before the command. */
  customDomain: string | null;
  traiHeader: string | null;
  /** The claims behind them (docs/domains.md#serving), recorded as `LinkPlaced`. */
  customDomainId?: number | null;
  traiId?: number | null;
  /** Its smart controls (docs/links.md#smart-links), the password already hashed; absent or null ones are not set. */
  controls?: StoredLinkControls;
  /** Its tags, folder, UTM parameters and QR design (docs/links.md#organizing-links), names already resolved to ids; null or [] ones are not set. */
  organization?: StoredLinkOrganization;
  /** Set when an import creates it (docs/import.md). */
  importedFrom?: LinkCreated['imported_from'];
}

/** The controls (or organization) a creation sets: null and [] mean "none", so they are left out of the event. */
function setControls<Fields extends StoredLinkControls | StoredLinkOrganization>(controls: Fields): Fields {
  return Object.fromEntries(Object.entries(controls).filter(([, value]) => value != null && !(Array.isArray(value) && value.length === 0))) as Fields;
}

export function decideCreateLink(command: CreateLinkCommand): DomainEvent[] {
  const controls = setControls(command.controls ?? {});
  checkControls(controls, currentSchedule(null), command);
  return [
    { type: 'ShortCodeClaimed', data: { short_code: command.shortCode, link_id: command.linkId } },
    {
      type: 'LinkCreated',
      data: {
        link_id: command.linkId,
        owner_id: command.ownerId,
        short_code: command.shortCode,
        original_url: command.originalUrl,
        title: command.title,
        description: command.description,
        created_via: command.createdVia,
        custom_domain: command.customDomain,
        trai_header: command.traiHeader,
        ...(command.importedFrom ? { imported_from: command.importedFrom } : {}),
        ...controls,
        ...setControls(pickOrganization(command.organization ?? {})),
      },
    },
    ...(command.customDomainId == null && command.traiId == null
      ? []
      : [
          { type: 'LinkPlaced' as const, data: { link_id: command.linkId, custom_domain_id: command.customDomainId ?? null, trai_id: command.traiId ?? null } },
        ]),
  ];
}

/** Only the owner may touch a link; to anyone else it does not exist. */
function ownedLink<S extends LinkState>(state: S | null, ownerId: number): S {
  if (state?.ownerId !== ownerId) throw notFound(LINK_NOT_FOUND);
  return liveLink(state);
}

/** A link that exists and is not deleted. */
function liveLink<S extends LinkState>(state: S | null): S {
  if (!state || state.deleted) throw notFound(LINK_NOT_FOUND);
  return state;
}

function decideDeleteLink(command: { ownerId: number }, state: LinkState | null): DomainEvent[] {
  const link = ownedLink(state, command.ownerId);
  return [{ type: 'LinkDeleted', data: { link_id: link.id, short_code: link.shortCode } }];
}

interface UpdateLinkCommand extends ControlsCheckContext {
  ownerId: number;
  changes: LinkChanges;
  /** An admin correcting any user's link (docs/admin.md#moderation); otherwise only the owner may. */
  asAdmin?: boolean;
}

/**
 * Records only the fields that really change; an edit that changes nothing records nothing.
 * The controls it changes are checked against the link as it will be.
 */
function decideUpdateLink(command: UpdateLinkCommand, state: EditableLink | null): DomainEvent[] {
  const link = command.asAdmin ? liveLink(state) : ownedLink(state, command.ownerId);
  const current: Required<Pick<LinkChanges, 'title' | 'description' | 'original_url' | 'is_active'>> = {
    title: link.title,
    description: link.description,
    original_url: link.destination,
    is_active: link.isActive,
  };
  const changes: LinkChanges = {};
  for (const field of ['title', 'description', 'original_url', 'is_active'] as const) {
    const value = command.changes[field];
    if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
  }
  const controls = changedControls(command.changes, link.controls);
  checkControls(controls, currentSchedule(link.controls), command);
  Object.assign(changes, controls, changedOrganization(command.changes, link.organization));
  return Object.keys(changes).length ? [{ type: 'LinkUpdated', data: { link_id: link.id, changes } }] : [];
}

/** Of the organization an edit gives, the fields that differ from the link's (null or [] for one it does not have is no change). */
function changedOrganization(requested: StoredLinkOrganization, current: StoredLinkOrganization): StoredLinkOrganization {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(pickOrganization(requested))) {
    const cleared = value === null || (Array.isArray(value) && value.length === 0);
    const had = current[field as keyof StoredLinkOrganization];
    if (cleared ? had !== undefined : !isDeepStrictEqual(value, had)) changed[field] = value;
  }
  return changed;
}

interface PromoteVariant {
  ownerId: number;
  linkId: number;
  /** 1-based, as clicks and analytics number variants. */
  variant: number;
}

/** Ends a link's A/B split: the chosen variant becomes its destination (docs/links.md#promoting-a-variant). */
function decidePromoteVariant(command: PromoteVariant, state: LinkState | null): DomainEvent[] {
  const link = ownedLink(state, command.ownerId);
  const variants = link.controls?.variants ?? [];
  if (variants.length === 0) throw conflict('This link has no A/B split, so there is no variant to promote.');
  const chosen = variants[command.variant - 1];
  if (!chosen) throw invalid(`variant must be 1 to ${variants.length}: the number of one of this link's ${variants.length} variants`, 'variant');
  return [{ type: 'LinkVariantPromoted', data: { link_id: link.id, variant: command.variant, original_url: chosen.url } }];
}

/**
 * Deletes several of the caller's links, all or none: one id that is not the caller's
 * live link refuses the whole command, naming the ids, so nothing is half-deleted.
 */
export function decideBulkDelete(
  command: { ownerId: number; ids: readonly number[] },
  links: ReadonlyMap<number, LinkState | null>,
): { linkId: number; events: DomainEvent[] }[] {
  const ids = [...new Set(command.ids)];
  const missing = ids.filter((id) => {
    const link = links.get(id);
    return !link || link.deleted || link.ownerId !== command.ownerId;
  });
  if (missing.length) {
    throw notFound(`${missing.length === 1 ? 'URL' : 'URLs'} not found: ${missing.join(', ')}. Nothing was deleted.`);
  }
  return ids.map((id) => ({ linkId: id, events: decideDeleteLink({ ownerId: command.ownerId }, links.get(id) ?? null) }));
}

/** A new link claims its short code and opens its own stream in one append; a claimed code is refused. */
export const createLinkDecider: MultiStreamDecider<CreateLinkCommand, { claim: boolean; link: boolean }> = {
  streamsOf: (command) => ({
    claim: { stream: `shortcode-${command.shortCode}`, initialState: false, evolve: () => true },
    link: { stream: `link-${command.linkId}`, initialState: false, evolve: () => true },
  }),
  decide: (command, states) => {
    if (states.claim) throw new ShortCodeTaken();
    const [claim, ...link] = decideCreateLink(command);
    return { claim: [claim!], link };
  },
};

/** Deleting one of the caller's links: its code stops redirecting, its history stays. */
export const deleteLinkDecider: Decider<{ ownerId: number; linkId: number }, LinkState | null> = {
  streamOf: (command) => `link-${command.linkId}`,
  initialState: null,
  evolve: evolveLink,
  decide: decideDeleteLink,
};

export const updateLinkDecider: Decider<UpdateLinkCommand & { linkId: number }, EditableLink | null> = {
  streamOf: (command) => `link-${command.linkId}`,
  initialState: null,
  evolve: evolveEditableLink,
  decide: decideUpdateLink,
};

export const promoteVariantDecider: Decider<PromoteVariant, LinkState | null> = {
  streamOf: (command) => `link-${command.linkId}`,
  initialState: null,
  evolve: evolveLink,
  decide: decidePromoteVariant,
};

export interface BulkDelete {
  ownerId: number;
  ids: readonly number[];
}

/** Every named link's stream, keyed by its id: all are deleted in one append, or (someone else's id, a concurrent change) none. */
export const bulkDeleteDecider: MultiStreamDecider<BulkDelete, Record<string, LinkState | null>> = {
  streamsOf: (command) =>
    Object.fromEntries(
      command.ids.map((id): [string, StreamSpec<LinkState | null>] => [String(id), { stream: `link-${id}`, initialState: null, evolve: evolveLink }]),
    ),
  decide: (command, states) => {
    const links = new Map(Object.entries(states).map(([id, state]) => [Number(id), state]));
    return Object.fromEntries(decideBulkDelete(command, links).map(({ linkId, events }) => [String(linkId), events]));
  },
};
