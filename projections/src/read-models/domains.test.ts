import { currentVersion, type DomainEvent, type RecordedEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { projectReadModel } from '../testing/project-read-model.ts';
import { ACTIVE_DOMAINS, CUSTOM_DOMAINS, DOMAIN_DROP_NOTICES_DUE, TRAI_DOMAINS } from './domains.ts';

/** Events as the log would hand them over: positions from 1, one minute apart. */
const recorded = (events: DomainEvent[]): RecordedEvent[] =>
  events.map((event, i) => ({
    id: `e${i + 1}`,
    stream: 'test',
    revision: i,
    position: i + 1,
    type: event.type,
    version: currentVersion[event.type],
    data: event.data,
    metadata: { actor: { kind: 'user', id: '7' }, correlation_id: 'c', causation_id: 'c', at: new Date(Date.UTC(2026, 10, 23, 10, i)).toISOString() },
  }));

const project = (events: DomainEvent[]) => projectReadModel([recorded(events)]);

const ids = (id: number, userId: number) => ({ domain_id: id, user_id: userId, domain: 'links.acme.in' });
const header = { trai_id: 5, user_id: 7, header: 'HDFCBK' };

describe('the domains read model', () => {
  it('given two claims on one name, when one is verified and the other dropped, then the dropped one stays listed as dropped and is no longer active', async () => {
    const store = await project([
      { type: 'CustomDomainAdded', data: { ...ids(1, 7), dns_token: 't1' } },
      { type: 'CustomDomainAdded', data: { ...ids(2, 8), dns_token: 't2' } },
      { type: 'CustomDomainVerified', data: ids(2, 8) },
      { type: 'CustomDomainActivated', data: ids(2, 8) },
      { type: 'CustomDomainVerified', data: ids(1, 7) },
      { type: 'CustomDomainClaimDropped', data: { ...ids(2, 8), reason: 'verified_elsewhere', winner_domain_id: 1 } },
    ]);
    expect(await store.get(CUSTOM_DOMAINS, 1)).toMatchObject({ dns_verified: true, ever_verified: true });
    expect(await store.get(CUSTOM_DOMAINS, 2)).toMatchObject({ owner_id: 8, dns_verified: false, dropped: true });
    expect(await store.get(ACTIVE_DOMAINS, 8)).toMatchObject({ custom_domain_id: null });
  });

  it('given a claim dropped, then its notice is due until it is sent or the claim deleted', async () => {
    const dropped: DomainEvent[] = [
      { type: 'CustomDomainAdded', data: { ...ids(2, 8), dns_token: 't2' } },
      { type: 'CustomDomainClaimDropped', data: { ...ids(2, 8), reason: 'verified_elsewhere', winner_domain_id: 1 } },
    ];
    expect(await (await project(dropped)).get(DOMAIN_DROP_NOTICES_DUE, 2)).toEqual({ id: 2, user_id: 8, at: '2026-11-23T10:01:00.000Z' });
    expect(
      await (await project([...dropped, { type: 'CustomDomainDropNoticeSent', data: { domain_id: 2, user_id: 8 } }])).get(DOMAIN_DROP_NOTICES_DUE, 2),
    ).toBeNull();
    expect(await (await project([...dropped, { type: 'CustomDomainDeleted', data: ids(2, 8) }])).get(DOMAIN_DROP_NOTICES_DUE, 2)).toBeNull();
  });

  it('given a header on our host, verified at once as older logs did, then it is pending with its evidence until an administrator approves it', async () => {
    const added: DomainEvent[] = [
      { type: 'TraiHeaderAdded', data: { ...header, domain_type: 'our_domain', custom_domain_id: null, domain: null, dns_token: 't' } },
      { type: 'TraiHeaderVerified', data: header },
      { type: 'TraiHeaderApprovalRequested', data: { ...header, dlt_registration_id: '1101234567890123456' } },
    ];
    expect(await (await project(added)).get(TRAI_DOMAINS, 5)).toMatchObject({
      dns_verified: false,
      approval: 'pending',
      dlt_registration_id: '1101234567890123456',
    });
    expect(await (await project([...added, { type: 'TraiHeaderApproved', data: header }])).get(TRAI_DOMAINS, 5)).toMatchObject({
      dns_verified: true,
      approval: 'approved',
    });
    expect(await (await project([...added, { type: 'TraiHeaderRejected', data: { ...header, reason: 'Not yours' } }])).get(TRAI_DOMAINS, 5)).toMatchObject({
      dns_verified: false,
      approval: 'rejected',
      rejection_reason: 'Not yours',
    });
  });
});
