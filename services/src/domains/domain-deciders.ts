import type { DomainEvent } from '@linkledger/contracts';
import type { Decider, MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { domainNameStream, domainStream, evolveDomain, evolveNameClaim, noDomain, type DomainState } from './domain-state.ts';

export const DOMAIN_NOT_FOUND = 'There is no such custom domain on your account.';

export interface AddDomain {
  domainId: number;
  userId: number;
  domain: string;
  dnsToken: string;
}

type AddStates = { domain: DomainState; name: number | null };

/** Given a host name nobody holds, when a user adds it, then it is theirs, unverified, with its TXT token. */
export const addDomainDecider: MultiStreamDecider<AddDomain, AddStates> = {
  streamsOf: (command) => ({
    domain: { stream: domainStream(command.domainId), initialState: noDomain, evolve: evolveDomain },
    name: { stream: domainNameStream(command.domain), initialState: null, evolve: evolveNameClaim },
  }),
  decide: (command, states) => {
    if (states.name !== null) throw conflict(`${command.domain} has already been added to this service. If it is yours, remove it from the other account first.`);
    const { domainId: domain_id, userId: user_id, domain, dnsToken: dns_token } = command;
    return {
      domain: [{ type: 'CustomDomainAdded', data: { domain_id, user_id, domain, dns_token } }],
      name: [{ type: 'DomainNameClaimed', data: { domain, domain_id } }],
    };
  },
};

const ownDomain = (state: DomainState, userId: number) => {
  if (state.id === null || state.deleted || state.userId !== userId) throw notFound(DOMAIN_NOT_FOUND);
  return { domain_id: state.id, user_id: userId, domain: state.domain };
};

const onDomain = <C extends { domainId: number }>(decide: (command: C, state: DomainState) => DomainEvent[]): Decider<C, DomainState> => ({
  streamOf: (command) => domainStream(command.domainId),
  initialState: noDomain,
  evolve: evolveDomain,
  decide,
});

export interface DomainCheck {
  domainId: number;
  userId: number;
  /** The DNS check's outcome, made before the command. */
  verified: boolean;
  failedChecks: string[];
}

/**
 * Given a domain, when its DNS was checked, then a change of state is recorded: verified when
 * the records are right, unverified when a verified domain lost them; the same state again
 * records nothing (a daily re-check of a healthy domain writes nothing).
 */
export const checkDomainDecider = onDomain<DomainCheck>((command, state) => {
  const ids = ownDomain(state, command.userId);
  if (command.verified) return state.verified ? [] : [{ type: 'CustomDomainVerified', data: ids }];
  return state.verified ? [{ type: 'CustomDomainUnverified', data: { ...ids, failed_checks: command.failedChecks } }] : [];
});

export interface DomainAction {
  domainId: number;
  userId: number;
}

/** Given a verified domain, when its owner sets it active, then it is; an unverified one cannot be. */
export const activateDomainDecider = onDomain<DomainAction>((command, state) => {
  const ids = ownDomain(state, command.userId);
  if (!state.verified) throw conflict(`${state.domain} is not verified yet: publish its DNS records and verify it first.`);
  return [{ type: 'CustomDomainActivated', data: ids }];
});

type DeleteStates = { domain: DomainState; name: number | null };

/** Given a domain, when its owner deletes it, then it is gone and its name free for anyone to add. */
export const deleteDomainDecider: MultiStreamDecider<DomainAction & { domain: string }, DeleteStates> = {
  streamsOf: (command) => ({
    domain: { stream: domainStream(command.domainId), initialState: noDomain, evolve: evolveDomain },
    name: { stream: domainNameStream(command.domain), initialState: null, evolve: evolveNameClaim },
  }),
  decide: (command, states) => {
    const ids = ownDomain(states.domain, command.userId);
    return {
      domain: [{ type: 'CustomDomainDeleted', data: ids }],
      name: states.name === command.domainId ? [{ type: 'DomainNameReleased', data: { domain: ids.domain, domain_id: ids.domain_id } }] : [],
    };
  },
};
