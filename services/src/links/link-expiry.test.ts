import { describe, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { expireLinkDecider } from './link-expiry.ts';

const EXPIRES = '2026-12-01T00:00:00.000Z';
const created = (controls: Record<string, unknown>): DomainEvent => ({
  type: 'LinkCreated',
  data: {
    link_id: 4,
    owner_id: 2,
    short_code: 'sale',
    original_url: 'https://shop.example/',
    title: '',
    description: '',
    created_via: 'manual',
    custom_domain: null,
    trai_header: null,
    ...controls,
  },
});
const expired = (reason: 'expires_at' | 'max_clicks'): DomainEvent => ({ type: 'LinkExpired', data: { link_id: 4, reason } });
const expiry = deciderSpec(expireLinkDecider);
const at = (iso: string) => Date.parse(iso);

describe('recording a link expired', () => {
  it('given an expiry time, then LinkExpired once it has passed, and nothing before it or once recorded', () => {
    const link = created({ expires_at: EXPIRES });
    expiry
      .given([link])
      .when({ linkId: 4, reason: 'expires_at', now: at(EXPIRES) - 1 })
      .then([]);
    expiry
      .given([link])
      .when({ linkId: 4, reason: 'expires_at', now: at(EXPIRES) })
      .then([expired('expires_at')]);
    expiry
      .given([link, expired('expires_at')])
      .when({ linkId: 4, reason: 'expires_at', now: at(EXPIRES) + 1 })
      .then([]);
  });

  it('given a cap, then LinkExpired once the human clicks reach it, and not for a cap raised meanwhile', () => {
    const link = created({ max_clicks: 10 });
    expiry.given([link]).when({ linkId: 4, reason: 'max_clicks', now: 0, humanClicks: 9 }).then([]);
    expiry
      .given([link])
      .when({ linkId: 4, reason: 'max_clicks', now: 0, humanClicks: 10 })
      .then([expired('max_clicks')]);
    const raised: DomainEvent = { type: 'LinkUpdated', data: { link_id: 4, changes: { max_clicks: 20 } } };
    expiry.given([link, raised]).when({ linkId: 4, reason: 'max_clicks', now: 0, humanClicks: 10 }).then([]);
    expiry
      .given([link, expired('max_clicks')])
      .when({ linkId: 4, reason: 'max_clicks', now: 0, humanClicks: 10 })
      .then([]);
  });

  it('records an expiry again after an edit re-armed the link, and nothing for a moved expiry, a plain, unknown or deleted link', () => {
    const link = created({ expires_at: EXPIRES });
    const moved: DomainEvent = { type: 'LinkUpdated', data: { link_id: 4, changes: { expires_at: '2026-12-24T00:00:00.000Z' } } };
    const later = at('2026-12-02T00:00:00.000Z');
    expiry
      .given([link, expired('expires_at'), moved])
      .when({ linkId: 4, reason: 'expires_at', now: later })
      .then([]);
    const cleared: DomainEvent = { type: 'LinkUpdated', data: { link_id: 4, changes: { expires_at: null } } };
    expiry.given([link, cleared]).when({ linkId: 4, reason: 'expires_at', now: later }).then([]);
    const rearmed: DomainEvent = { type: 'LinkUpdated', data: { link_id: 4, changes: { expires_at: '2026-12-01T12:00:00.000Z' } } };
    expiry
      .given([link, expired('expires_at'), rearmed])
      .when({ linkId: 4, reason: 'expires_at', now: later })
      .then([expired('expires_at')]);
    expiry
      .given([created({})])
      .when({ linkId: 4, reason: 'expires_at', now: later })
      .then([]);
    expiry.given([]).when({ linkId: 4, reason: 'expires_at', now: later }).then([]);
    expiry
      .given([link, { type: 'LinkDeleted', data: { link_id: 4, short_code: 'sale' } }])
      .when({ linkId: 4, reason: 'expires_at', now: later })
      .then([]);
  });
});
