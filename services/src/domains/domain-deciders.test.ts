import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { recorded } from '../testing/recorded.ts';
import {
  addDomainDecider,
  checkDomainDecider,
  claimDropped,
  claimExpiredMessage,
  deleteDomainDecider,
  dropNoticeDecider,
  verifiedElsewhere,
} from './domain-deciders.ts';
import { noDomain } from './domain-state.ts';
import { evolveTrai, noTrai } from './trai-state.ts';
import { decideTraiDecider } from './trai-deciders.ts';
import { foldEvents } from '../commands/event-port.ts';
import { mailOwed, owingMails } from '../owed-mail/index.ts';

/** A claim folded from its events, added on 2026-11-22 (the recorded events' time). */
const domainClaim = deciderSpec(dropNoticeDecider, 'domain-x');
const added = (id: number, userId: number): DomainEvent => ({
  type: 'CustomDomainAdded',
  data: { domain_id: id, user_id: userId, domain: 'links.acme.in', dns_token: `t${id}` },
});
const verified = (id: number, userId: number): DomainEvent => ({
  type: 'CustomDomainVerified',
  data: { domain_id: id, user_id: userId, domain: 'links.acme.in' },
});
const check = { domain: 'links.acme.in', verified: true, failedChecks: [], now: new Date('2026-11-23T00:00:00Z') };

describe('one owner per name', () => {
  it('given a name held by another account’s pending claim, when a user adds it, then a second pending claim; given it verified, then refused', () => {
    const add = { domainId: 2, ownerId: 8, domain: 'links.acme.in', dnsToken: 't2', holderId: 1 };
    expect(addDomainDecider.decide(add, { domain: noDomain, name: 1, holder: domainClaim.given([added(1, 7)]).state })).toEqual({
      domain: [{ type: 'CustomDomainAdded', data: { domain_id: 2, user_id: 8, domain: 'links.acme.in', dns_token: 't2' } }],
    });
    expect(() => addDomainDecider.decide(add, { domain: noDomain, name: 1, holder: domainClaim.given([added(1, 7), verified(1, 7)]).state })).toThrow(
      verifiedElsewhere('links.acme.in'),
    );
  });

  it('given two pending claims, when the first is verified, then it takes the name and the other is dropped', () => {
    expect(
      checkDomainDecider.decide(
        { ...check, domainId: 1, ownerId: 7, rivalIds: [2] },
        { domain: domainClaim.given([added(1, 7)]).state, name: null, 'rival-2': domainClaim.given([added(2, 8)]).state },
      ),
    ).toEqual({
      domain: [{ type: 'CustomDomainVerified', data: { domain_id: 1, user_id: 7, domain: 'links.acme.in' } }],
      name: [{ type: 'DomainNameClaimed', data: { domain: 'links.acme.in', domain_id: 1 } }],
      'rival-2': [
        { type: 'CustomDomainClaimDropped', data: { domain_id: 2, user_id: 8, domain: 'links.acme.in', reason: 'verified_elsewhere', winner_domain_id: 1 } },
      ],
    });
  });

  it('given a dropped claim, or one pending for 7 days, when its records are right, then it is refused', () => {
    const dropped = domainClaim.given([
      added(2, 8),
      {
        type: 'CustomDomainClaimDropped',
        data: { domain_id: 2, user_id: 8, domain: 'links.acme.in', reason: 'verified_elsewhere', winner_domain_id: 1 },
      },
    ]).state;
    expect(() =>
      checkDomainDecider.decide(
        { ...check, domainId: 2, ownerId: 8, rivalIds: [1] },
        { domain: dropped, name: 1, 'rival-1': domainClaim.given([added(1, 7), verified(1, 7)]).state },
      ),
    ).toThrow(claimDropped('links.acme.in'));
    const sevenDaysOn = { ...check, now: new Date('2026-11-29T00:00:00Z'), domainId: 1, ownerId: 7, rivalIds: [] };
    expect(() => checkDomainDecider.decide(sevenDaysOn, { domain: domainClaim.given([added(1, 7)]).state, name: null })).toThrow(
      claimExpiredMessage('links.acme.in'),
    );
    // Just inside the 7 days it still verifies.
    expect(
      checkDomainDecider.decide({ ...sevenDaysOn, now: new Date('2026-11-28T23:59:59Z') }, { domain: domainClaim.given([added(1, 7)]).state, name: null })
        .domain,
    ).toHaveLength(1);
  });

  it('given a name owned by a verified claim, when another claim’s records are right, then it is refused; once the owner lost its records, the new claim takes over', () => {
    const command = { ...check, domainId: 2, ownerId: 8, rivalIds: [1] };
    expect(() =>
      checkDomainDecider.decide(command, {
        domain: domainClaim.given([added(2, 8)]).state,
        name: 1,
        'rival-1': domainClaim.given([added(1, 7), verified(1, 7)]).state,
      }),
    ).toThrow(verifiedElsewhere('links.acme.in'));
    const lapsed = domainClaim.given([
      added(1, 7),
      verified(1, 7),
      {
        type: 'CustomDomainUnverified',
        data: { domain_id: 1, user_id: 7, domain: 'links.acme.in', failed_checks: ['not_pointing'] },
      },
    ]).state;
    expect(checkDomainDecider.decide(command, { domain: domainClaim.given([added(2, 8)]).state, name: 1, 'rival-1': lapsed })['rival-1']).toEqual([
      { type: 'CustomDomainClaimDropped', data: { domain_id: 1, user_id: 7, domain: 'links.acme.in', reason: 'verified_elsewhere', winner_domain_id: 2 } },
    ]);
  });
});

describe('the notice of a dropped claim', () => {
  const dropped: DomainEvent = {
    type: 'CustomDomainClaimDropped',
    data: { domain_id: 2, user_id: 8, domain: 'links.acme.in', reason: 'verified_elsewhere', winner_domain_id: 1 },
  };
  const sent: DomainEvent = { type: 'CustomDomainDropNoticeSent', data: { domain_id: 2, user_id: 8 } };
  const notice = { domainId: 2, userId: 8 };

  it('given a dropped claim whose owner was not told, when the notice has been e-mailed, then that is recorded', () => {
    expect(dropNoticeDecider.decide(notice, domainClaim.given([added(2, 8), dropped]).state)).toEqual([sent]);
  });

  it('given the notice already sent, when it is e-mailed again (another round, a restart, a second process), then nothing more is recorded', () => {
    expect(dropNoticeDecider.decide(notice, domainClaim.given([added(2, 8), dropped, sent]).state)).toEqual([]);
  });

  it('given a claim never dropped, deleted after its drop, or another account’s, then no notice is due', () => {
    expect(dropNoticeDecider.decide(notice, domainClaim.given([added(2, 8)]).state)).toEqual([]);
    expect(
      dropNoticeDecider.decide(
        notice,
        domainClaim.given([added(2, 8), dropped, { type: 'CustomDomainDeleted', data: { domain_id: 2, user_id: 8, domain: 'links.acme.in' } }]).state,
      ),
    ).toEqual([]);
    expect(dropNoticeDecider.decide({ domainId: 2, userId: 9 }, domainClaim.given([added(2, 8), dropped]).state)).toEqual([]);
  });
});

describe('deleting a domain', () => {
  it('given a domain with a TRAI header on it, when it is deleted, then the header is deleted and both names are released', () => {
    const header = foldEvents(
      recorded([
        {
          type: 'TraiHeaderAdded',
          data: { trai_id: 5, user_id: 7, header: 'ACMEGO', domain_type: 'custom_domain', custom_domain_id: 1, domain: 'links.acme.in', dns_token: 't' },
        },
      ]),
      evolveTrai,
      noTrai,
    );
    const decided = deleteDomainDecider.decide(
      { domainId: 1, ownerId: 7, domain: 'links.acme.in', headers: [{ traiId: 5, header: 'ACMEGO' }] },
      { domain: domainClaim.given([added(1, 7), verified(1, 7)]).state, name: 1, 'trai-5': header, 'trai-claim-5': 5 },
    );
    expect(decided).toEqual({
      domain: [{ type: 'CustomDomainDeleted', data: { domain_id: 1, user_id: 7, domain: 'links.acme.in' } }],
      name: [{ type: 'DomainNameReleased', data: { domain: 'links.acme.in', domain_id: 1 } }],
      'trai-5': [{ type: 'TraiHeaderDeleted', data: { trai_id: 5, user_id: 7, header: 'ACMEGO' } }],
      'trai-claim-5': [{ type: 'TraiHeaderReleased', data: { header: 'ACMEGO', domain: 'links.acme.in', trai_id: 5 } }],
    });
  });
});

describe('headers on our host', () => {
  const pending = foldEvents(
    recorded([
      {
        type: 'TraiHeaderAdded',
        data: { trai_id: 5, user_id: 7, header: 'HDFCBK', domain_type: 'our_domain', custom_domain_id: null, domain: null, dns_token: 't' },
      },
      // Recorded before approvals existed: still only pending.
      { type: 'TraiHeaderVerified', data: { trai_id: 5, user_id: 7, header: 'HDFCBK' } },
    ]),
    evolveTrai,
    noTrai,
  );

  it('given a pending header, when an administrator rejects it, then it is rejected and its name released; a decided one cannot be decided again', () => {
    const decided = decideTraiDecider.decide({ traiId: 5, header: 'HDFCBK', approve: false, reason: 'Not your bank' }, { trai: pending, claim: 5 });
    expect(decided).toEqual({
      trai: [{ type: 'TraiHeaderRejected', data: { trai_id: 5, user_id: 7, header: 'HDFCBK', reason: 'Not your bank' } }],
      claim: [{ type: 'TraiHeaderReleased', data: { header: 'HDFCBK', domain: null, trai_id: 5 } }],
    });
    const approved = foldEvents(recorded([{ type: 'TraiHeaderApproved', data: { trai_id: 5, user_id: 7, header: 'HDFCBK' } }]), evolveTrai, pending);
    expect(() => decideTraiDecider.decide({ traiId: 5, header: 'HDFCBK', approve: true, reason: '' }, { trai: approved, claim: 5 })).toThrow(
      'already approved',
    );
  });
});

describe('the notices of a decision on a header (docs/workspaces.md#notices)', () => {
  const added: DomainEvent = {
    type: 'TraiHeaderAdded',
    data: { trai_id: 5, user_id: 40, header: 'TEAMHQ', domain_type: 'our_domain', custom_domain_id: null, domain: null, dns_token: 't' },
  };
  const mailIds = ['00000000-0000-4000-8000-00000000000a', '00000000-0000-4000-8000-00000000000b'];
  const now = new Date('2026-11-27T10:00:00Z');
  const notices = () =>
    mailIds.map((mailId, index) =>
      mailOwed({ mailId, now, retryMs: 60_000 }, { kind: 'trai_decision', userId: 7 + index, place: { base: 'https://app.example', environmentOnly: false } }),
    );
  const deciding = deciderSpec(owingMails(decideTraiDecider, mailIds, notices));

  it('given a pending header of a team, when an administrator approves it, then each recipient’s notice is owed in the same append', () => {
    const decided = deciding.given({ trai: [added] }).when({ traiId: 5, header: 'TEAMHQ', approve: true, reason: '' }).events;
    expect(decided.trai).toEqual([{ type: 'TraiHeaderApproved', data: { trai_id: 5, user_id: 40, header: 'TEAMHQ' } }]);
    expect(decided[`owed-mail-${mailIds[0]}`]).toEqual([notices()[0]]);
    expect(decided[`owed-mail-${mailIds[1]}`]).toEqual([notices()[1]]);
  });

  it('given a header already decided, when it is decided again, then it is refused and no notice is owed', () => {
    const approved: DomainEvent = { type: 'TraiHeaderApproved', data: { trai_id: 5, user_id: 40, header: 'TEAMHQ' } };
    deciding
      .given({ trai: [added, approved] })
      .when({ traiId: 5, header: 'TEAMHQ', approve: false, reason: 'late' })
      .thenThrows('already approved');
  });
});
