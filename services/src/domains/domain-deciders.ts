import type { DomainEvent } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider, StreamSpec } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import {
  claimExpired,
  domainNameStream,
  domainStream,
  dropNoticeDue,
  evolveDomain,
  evolveNameClaim,
  liveClaim,
  noDomain,
  type DomainState,
} from './domain-state.ts';
import { evolveTrai, evolveTraiClaim, noTrai, traiNameStream, traiStream, type TraiState } from './trai-state.ts';

export const DOMAIN_NOT_FOUND = 'There is no such custom domain on your account.';
export const verifiedElsewhere = (domain: string) => `${domain} is already verified by another account. Only one account can own a domain.`;
export const claimDropped = (domain: string) => `Another account verified ${domain} first, so this claim was dropped. Delete it from your list.`;
export const claimExpiredMessage = (domain: string) =>
  `Your claim on ${domain} was not verified within 7 days and has expired. Delete it and add the domain again for a new token.`;

const domainSpec = (id: number | null): StreamSpec<DomainState> => ({
  stream: id === null ? 'domain-none' : domainStream(id),
  initialState: noDomain,
  evolve: evolveDomain,
});
const nameSpec = (domain: string): StreamSpec<number | null> => ({ stream: domainNameStream(domain), initialState: null, evolve: evolveNameClaim });

/** The claim holding a name, when it stops anyone else: live and verified (a lapsed or legacy pending holder does not). */
const owningHolder = (holder: DomainState, holderId: number | null) => holderId !== null && holder.id === holderId && liveClaim(holder) && holder.verified;

interface AddDomain {
  domainId: number;
  ownerId: number;
  domain: string;
  dnsToken: string;
  /** The claim holding the name when the route looked (its stream is read to decide). */
  holderId: number | null;
}

type AddStates = { domain: DomainState; name: number | null; holder: DomainState };

/**
 * Given a host name no account owns, when a user adds it, then they hold a pending claim on it
 * with its TXT token: several accounts may, and the first to verify owns it
 * (docs/domains.md#one-owner-per-name). A name verified by another account is refused.
 */
export const addDomainDecider: MultiStreamDecider<AddDomain, AddStates> = {
  streamsOf: (command) => ({ domain: domainSpec(command.domainId), name: nameSpec(command.domain), holder: domainSpec(command.holderId) }),
  decide: (command, states) => {
    if (states.name !== command.holderId) throw conflict(`${command.domain} changed hands while you added it. Please try again.`);
    if (owningHolder(states.holder, command.holderId)) {
      throw conflict(states.holder.ownerId === command.ownerId ? `${command.domain} is already on your account.` : verifiedElsewhere(command.domain));
    }
    const { domainId: domain_id, ownerId: user_id, domain, dnsToken: dns_token } = command;
    return { domain: [{ type: 'CustomDomainAdded', data: { domain_id, user_id, domain, dns_token } }] };
  },
};

const ownDomain = (state: DomainState, ownerId: number) => {
  if (state.id === null || state.deleted || state.ownerId !== ownerId) throw notFound(DOMAIN_NOT_FOUND);
  return { domain_id: state.id, user_id: ownerId, domain: state.domain };
};

const onDomain = <C extends { domainId: number }>(decide: (command: C, state: DomainState) => DomainEvent[]): Decider<C, DomainState> => ({
  streamOf: (command) => domainStream(command.domainId),
  initialState: noDomain,
  evolve: evolveDomain,
  decide,
});

interface DomainCheck {
  domainId: number;
  ownerId: number;
  domain: string;
  /** The DNS check's outcome, made before the command. */
  verified: boolean;
  failedChecks: string[];
  now: Date;
  /** The other claims on the same name (the holder among them), dropped when this one wins. */
  rivalIds: readonly number[];
}

type CheckStates = { domain: DomainState; name: number | null } & { [rival: `rival-${number}`]: DomainState };

/**
 * Given a claim, when its DNS was checked, then a change of state is recorded: verified when
 * the records are right (the first claim to prove a name owns it, and the other pending claims
 * on it are dropped), unverified when a verified domain lost them; the same state again records
 * nothing (a daily re-check of a healthy domain writes nothing). A dropped or expired claim
 * cannot be verified, nor can a name another account owns while its records are right.
 */
export const checkDomainDecider: MultiStreamDecider<DomainCheck, CheckStates> = {
  streamsOf: (command) =>
    ({
      domain: domainSpec(command.domainId),
      name: nameSpec(command.domain),
      ...Object.fromEntries(command.rivalIds.filter((id) => id !== command.domainId).map((id) => [`rival-${id}`, domainSpec(id)])),
    }) as { [K in keyof CheckStates]: StreamSpec<CheckStates[K]> },
  decide: (command, states) => {
    const claim = states.domain;
    const ids = ownDomain(claim, command.ownerId);
    if (!command.verified) return claim.verified ? { domain: [{ type: 'CustomDomainUnverified', data: { ...ids, failed_checks: command.failedChecks } }] } : {};
    if (claim.verified) return {};
    if (claim.dropped) throw conflict(claimDropped(claim.domain));
    if (claimExpired(claim, command.now)) throw conflict(claimExpiredMessage(claim.domain));
    const holderId = states.name;
    if (holderId !== null && holderId !== claim.id) {
      const holder = states[`rival-${holderId}`];
      if (!holder) throw conflict(`${claim.domain} changed hands while it was checked. Please try again.`);
      if (owningHolder(holder, holderId)) throw conflict(verifiedElsewhere(claim.domain));
    }
    const decided: Record<string, DomainEvent[]> = { domain: [{ type: 'CustomDomainVerified', data: ids }] };
    if (holderId !== claim.id) decided.name = [{ type: 'DomainNameClaimed', data: { domain: claim.domain, domain_id: ids.domain_id } }];
    for (const rivalId of command.rivalIds) {
      const rival = states[`rival-${rivalId}`];
      if (!rival || !liveClaim(rival)) continue;
      decided[`rival-${rivalId}`] = [
        {
          type: 'CustomDomainClaimDropped',
          data: { domain_id: rivalId, user_id: rival.ownerId!, domain: rival.domain, reason: 'verified_elsewhere', winner_domain_id: ids.domain_id },
        },
      ];
    }
    return decided;
  },
};

interface DomainAction {
  domainId: number;
  /** The workspace that owns the claim (the events' `user_id`). */
  ownerId: number;
}

/** The user told of a dropped claim: the one whose personal workspace (same id) owns it. */
interface DropNotice {
  domainId: number;
  userId: number;
}

/** Given a verified domain, when its owner sets it active, then it is; an unverified one cannot be. */
export const activateDomainDecider = onDomain<DomainAction>((command, state) => {
  const ids = ownDomain(state, command.ownerId);
  if (!state.verified) throw conflict(`${state.domain} is not verified yet: publish its DNS records and verify it first.`);
  return [{ type: 'CustomDomainActivated', data: ids }];
});

/**
 * Given a dropped claim still on its owner's list, when its owner has been e-mailed that it was
 * dropped, then that is recorded, once: a claim already told about, deleted or never dropped
 * records nothing (docs/domains.md#the-notice-of-a-dropped-claim).
 */
export const dropNoticeDecider = onDomain<DropNotice>((command, state) =>
  dropNoticeDue(state) && state.ownerId === command.userId
    ? [{ type: 'CustomDomainDropNoticeSent', data: { domain_id: command.domainId, user_id: command.userId } }]
    : [],
);

interface DeleteDomain extends DomainAction {
  domain: string;
  /** The TRAI headers registered on the domain, deleted with it. */
  headers: readonly { traiId: number; header: string }[];
}

type DeleteStates = { domain: DomainState; name: number | null } & { [trai: `trai-${number}`]: TraiState } & { [claim: `trai-claim-${number}`]: number | null };

/**
 * Given a domain, when its owner deletes it, then it is gone, its name free for anyone to
 * claim, and its TRAI headers deleted with it: its links stop serving, and no new link can be
 * placed on it (docs/domains.md#deleting-a-domain).
 */
export const deleteDomainDecider: MultiStreamDecider<DeleteDomain, DeleteStates> = {
  streamsOf: (command) =>
    ({
      domain: domainSpec(command.domainId),
      name: nameSpec(command.domain),
      ...Object.fromEntries(
        command.headers.flatMap(({ traiId, header }) => [
          [`trai-${traiId}`, { stream: traiStream(traiId), initialState: noTrai, evolve: evolveTrai }],
          [`trai-claim-${traiId}`, { stream: traiNameStream(command.domain, header), initialState: null, evolve: evolveTraiClaim }],
        ]),
      ),
    }) as { [K in keyof DeleteStates]: StreamSpec<DeleteStates[K]> },
  decide: (command, states) => {
    const ids = ownDomain(states.domain, command.ownerId);
    const decided: Record<string, DomainEvent[]> = {
      domain: [{ type: 'CustomDomainDeleted', data: ids }],
      name: states.name === command.domainId ? [{ type: 'DomainNameReleased', data: { domain: ids.domain, domain_id: ids.domain_id } }] : [],
    };
    for (const { traiId } of command.headers) {
      const trai = states[`trai-${traiId}`];
      if (!trai || trai.id === null || trai.deleted || trai.customDomainId !== command.domainId) continue;
      decided[`trai-${traiId}`] = [{ type: 'TraiHeaderDeleted', data: { trai_id: traiId, user_id: trai.ownerId!, header: trai.header } }];
      if (states[`trai-claim-${traiId}`] === traiId) {
        decided[`trai-claim-${traiId}`] = [{ type: 'TraiHeaderReleased', data: { header: trai.header, domain: trai.domain, trai_id: traiId } }];
      }
    }
    return decided;
  },
};
