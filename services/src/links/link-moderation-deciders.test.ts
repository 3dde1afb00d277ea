import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LINK_NOT_FOUND } from './link-deciders.ts';
import { ADMINS_MODERATE, ALREADY_DISABLED, NOT_DISABLED, REASON_REQUIRED, moderateLinkDecider } from './link-moderation-deciders.ts';

const created: DomainEvent = {
  type: 'LinkCreated',
  data: {
    link_id: 4,
    owner_id: 2,
    short_code: 'phish',
    original_url: 'https://bad.example/',
    title: '',
    description: '',
    created_via: 'manual',
    custom_domain: '',
    trai_header: null,
  },
};
const moderation = deciderSpec(moderateLinkDecider);
const disable = (reason = 'Phishing page') => ({ actorRole: 'admin' as const, linkId: 4, disable: true, reason });
const enable = { actorRole: 'super_admin' as const, linkId: 4, disable: false, reason: '' };

describe('moderating a link', () => {
  it('given a link, when an admin disables it with a reason, then it is disabled; enabling brings it back', () => {
    const events = moderation.given([created]).when(disable('  Phishing page ')).events;
    expect(events).toEqual([{ type: 'LinkModerated', data: { link_id: 4, disabled: true, reason: 'Phishing page' } }]);
    const disabled = moderation.given([created, ...events]);
    expect(disabled.state?.moderated).toBe(true);
    const enabled = disabled.when(enable).events;
    expect(enabled).toEqual([{ type: 'LinkModerated', data: { link_id: 4, disabled: false, reason: '' } }]);
    expect(moderation.given([created, ...events, ...enabled]).state?.moderated).toBe(false);
  });

  it('needs a reason, refuses doing the same twice, unknown and deleted links, and non-admins', () => {
    moderation.given([created]).when(disable('   ')).thenThrows(REASON_REQUIRED);
    moderation
      .given([created, { type: 'LinkModerated', data: { link_id: 4, disabled: true, reason: 'x' } }])
      .when(disable())
      .thenThrows(ALREADY_DISABLED);
    moderation.given([created]).when(enable).thenThrows(NOT_DISABLED);
    moderation.given([]).when(disable()).thenThrows(LINK_NOT_FOUND);
    moderation
      .given([created, { type: 'LinkDeleted', data: { link_id: 4, short_code: 'phish' } }])
      .when(disable())
      .thenThrows(LINK_NOT_FOUND);
    moderation.given([created]).when({ actorRole: 'user', linkId: 4, disable: true, reason: 'x' }).thenThrows(ADMINS_MODERATE);
  });
});
