import type { DomainEvent, TraiDomainType } from '@linkledger/contracts';
import type { MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, invalid, notFound } from '../commands/domain-error.ts';
import { domainStream, evolveDomain, liveClaim, noDomain, type DomainState } from './domain-state.ts';
import { evolveTrai, evolveTraiClaim, noTrai, traiNameStream, traiReady, traiStream, type TraiState } from './trai-state.ts';

export const TRAI_NOT_FOUND = 'There is no such TRAI header on your account.';
/** Spec texts for a TRAI header on a custom domain (docs/domains.md#trai-headers). */
export const SELECT_CUSTOM_DOMAIN = 'Please select a custom domain';
export const NO_VERIFIED_DOMAINS = 'No verified custom domains available. Please verify a custom domain first.';

/** A TRAI header as typed: upper-cased, exactly six letters or digits. */
export function parseTraiHeader(input: string): string {
  const header = input.trim().toUpperCase();
  if (!/^[A-Z0-9]{6}$/.test(header)) throw invalid('A TRAI header is exactly 6 letters or digits, such as ACMEIN.');
  return header;
}

interface AddTrai {
  traiId: number;
  ownerId: number;
  header: string;
  domainType: TraiDomainType;
  /** Set for a custom_domain header (the route checked it is given). */
  customDomainId: number | null;
  /** The custom domain's host as the caller's list shows it (its stream decides whether it may be used). */
  domain: string | null;
  dnsToken: string;
  /** The evidence for a header on our host (the DLT registration id), shown to the administrator who decides. */
  dltRegistrationId: string | null;
}

type AddStates = { trai: TraiState; claim: number | null; custom: DomainState };

/**
 * Given a free (host, header) pair, when a user adds a header, then it is theirs: on our own
 * host pending until an administrator approves it (with the evidence given), on a custom
 * domain only when that domain is theirs and verified.
 */
export const addTraiDecider: MultiStreamDecider<AddTrai, AddStates> = {
  streamsOf: (command) => ({
    trai: { stream: traiStream(command.traiId), initialState: noTrai, evolve: evolveTrai },
    claim: { stream: traiNameStream(command.domain, command.header), initialState: null, evolve: evolveTraiClaim },
    // Read for the decision only (nothing is appended to it): our own host reads an empty stream.
    custom: { stream: command.customDomainId === null ? 'domain-none' : domainStream(command.customDomainId), initialState: noDomain, evolve: evolveDomain },
  }),
  decide: (command, states) => {
    if (command.domainType === 'custom_domain') {
      const custom = states.custom;
      if (!liveClaim(custom) || custom.ownerId !== command.ownerId || !custom.verified) throw invalid(SELECT_CUSTOM_DOMAIN);
    }
    const where = command.domain ?? 'this service';
    if (states.claim !== null) throw conflict(`The TRAI header ${command.header} is already registered on ${where}.`);
    const data = { trai_id: command.traiId, user_id: command.ownerId, header: command.header };
    const added: DomainEvent = {
      type: 'TraiHeaderAdded',
      data: { ...data, domain_type: command.domainType, custom_domain_id: command.customDomainId, domain: command.domain, dns_token: command.dnsToken },
    };
    const approval: DomainEvent = { type: 'TraiHeaderApprovalRequested', data: { ...data, dlt_registration_id: command.dltRegistrationId } };
    return {
      // On our own host there is no DNS to prove it: an administrator looks at the evidence.
      trai: command.domainType === 'our_domain' ? [added, approval] : [added],
      claim: [{ type: 'TraiHeaderClaimed', data: { header: command.header, domain: command.domain, trai_id: command.traiId } }],
    };
  },
};

interface TraiAction {
  traiId: number;
  ownerId: number;
  /** The header's custom domain, read with it (a verification depends on it). */
  customDomainId: number | null;
}

type ActionStates = { trai: TraiState; custom: DomainState };

const actionStreams = (command: TraiAction) => ({
  trai: { stream: traiStream(command.traiId), initialState: noTrai, evolve: evolveTrai },
  custom: { stream: command.customDomainId === null ? 'domain-none' : domainStream(command.customDomainId), initialState: noDomain, evolve: evolveDomain },
});

const ownTrai = (state: TraiState, ownerId: number) => {
  if (state.id === null || state.deleted || state.ownerId !== ownerId) throw notFound(TRAI_NOT_FOUND);
  return { trai_id: state.id, user_id: ownerId, header: state.header };
};

const awaitingApproval = (header: string) =>
  `The TRAI header ${header} on this service awaits an administrator's approval of your DLT registration. Links can use it once it is approved.`;
const rejectedHeader = (header: string) =>
  `The TRAI header ${header} was rejected by an administrator. Delete it, or register it again with your DLT registration id.`;

/** A header on our host that is not approved yet: why it cannot be used. */
function refuseUnapproved(trai: TraiState): void {
  if (trai.domainType !== 'our_domain' || trai.approval === 'approved') return;
  throw conflict(trai.approval === 'rejected' ? rejectedHeader(trai.header) : awaitingApproval(trai.header));
}

/**
 * Given a header on a custom domain, when it is verified, then it is while its domain is
 * verified; on our host an administrator decides, and verify says where it stands.
 */
export const verifyTraiDecider: MultiStreamDecider<TraiAction, ActionStates> = {
  streamsOf: actionStreams,
  decide: (command, { trai, custom }) => {
    const ids = ownTrai(trai, command.ownerId);
    refuseUnapproved(trai);
    if (traiReady(trai)) return {};
    if (!custom.verified || !liveClaim(custom))
      throw conflict(`${trai.domain ?? 'Its domain'} is not verified: verify the custom domain first, then this header.`);
    return { trai: [{ type: 'TraiHeaderVerified', data: ids }] };
  },
};

/** Given a verified header, when its owner sets it active, then it is (their others stop being active). */
export const activateTraiDecider: MultiStreamDecider<TraiAction, ActionStates> = {
  streamsOf: actionStreams,
  decide: (command, { trai, custom }) => {
    const ids = ownTrai(trai, command.ownerId);
    refuseUnapproved(trai);
    const ready = traiReady(trai) && (trai.domainType === 'our_domain' || (custom.verified && liveClaim(custom)));
    if (!ready) throw conflict(`The TRAI header ${trai.header} is not verified yet: verify it first.`);
    return { trai: [{ type: 'TraiHeaderActivated', data: ids }] };
  },
};

type DeleteStates = { trai: TraiState; claim: number | null };

/** Given a header, when its owner deletes it, then it is gone and the (host, header) pair free again. */
export const deleteTraiDecider: MultiStreamDecider<TraiAction & { header: string; domain: string | null }, DeleteStates> = {
  streamsOf: (command) => ({
    trai: { stream: traiStream(command.traiId), initialState: noTrai, evolve: evolveTrai },
    claim: { stream: traiNameStream(command.domain, command.header), initialState: null, evolve: evolveTraiClaim },
  }),
  decide: (command, states) => {
    const ids = ownTrai(states.trai, command.ownerId);
    return {
      trai: [{ type: 'TraiHeaderDeleted', data: ids }],
      claim:
        states.claim === command.traiId ? [{ type: 'TraiHeaderReleased', data: { header: ids.header, domain: states.trai.domain, trai_id: ids.trai_id } }] : [],
    };
  },
};

interface TraiDecision {
  traiId: number;
  header: string;
  approve: boolean;
  /** Why it was rejected, shown to its owner; empty on approval. */
  reason: string;
}

/**
 * Given a header on our host awaiting approval, when an administrator approves it, then links
 * may use it; when they reject it, then it never serves and the header is free again.
 */
export const decideTraiDecider: MultiStreamDecider<TraiDecision, DeleteStates> = {
  streamsOf: (command) => ({
    trai: { stream: traiStream(command.traiId), initialState: noTrai, evolve: evolveTrai },
    claim: { stream: traiNameStream(null, command.header), initialState: null, evolve: evolveTraiClaim },
  }),
  decide: (command, { trai, claim }) => {
    if (trai.id === null || trai.deleted || trai.domainType !== 'our_domain') throw notFound('There is no such TRAI header awaiting approval.');
    if (trai.approval !== 'pending') throw conflict(`The TRAI header ${trai.header} was already ${trai.approval}.`);
    const data = { trai_id: trai.id, user_id: trai.ownerId!, header: trai.header };
    if (command.approve) return { trai: [{ type: 'TraiHeaderApproved', data }] };
    return {
      trai: [{ type: 'TraiHeaderRejected', data: { ...data, reason: command.reason } }],
      claim: claim === trai.id ? [{ type: 'TraiHeaderReleased', data: { header: trai.header, domain: null, trai_id: trai.id } }] : [],
    };
  },
};
