import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { LINK_NOT_FOUND } from './link-deciders.ts';
import type { LinkState } from './link-state.ts';
import { ADMINS_MODERATE, ALREADY_DISABLED, NOT_DISABLED, REASON_REQUIRED, decideModeration, moderateLinkDecider } from './link-moderation-deciders.ts';

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
const given = (...events: DomainEvent[]) => deciderSpec(moderateLinkDecider).given([created, ...events]).state;
const disable = (state: LinkState | null, reason = 'Phishing page') => decideModeration({ actorRole: 'admin', linkId: 4, disable: true, reason }, state);
const enable = (state: LinkState | null) => decideModeration({ actorRole: 'super_admin', linkId: 4, disable: false, reason: '' }, state);

describe('moderating a link', () => {
  it('given a link, when an admin disables it with a reason, then it is disabled; enabling brings it back', () => {
    const events = disable(given(), '  Phishing page ');
    expect(events).toEqual([{ type: 'LinkModerated', data: { link_id: 4, disabled: true, reason: 'Phishing page' } }]);
    const disabled = given(...events);
    expect(disabled?.moderated).toBe(true);
    const enabled = enable(disabled);
    expect(enabled).toEqual([{ type: 'LinkModerated', data: { link_id: 4, disabled: false, reason: '' } }]);
    expect(given(...events, ...enabled)?.moderated).toBe(false);
  });

  it('needs a reason, refuses doing the same twice, unknown and deleted links, and non-admins', () => {
    expect(() => disable(given(), '   ')).toThrow(REASON_REQUIRED);
    expect(() => disable(given({ type: 'LinkModerated', data: { link_id: 4, disabled: true, reason: 'x' } }))).toThrow(ALREADY_DISABLED);
    expect(() => enable(given())).toThrow(NOT_DISABLED);
    expect(() => disable(null)).toThrow(LINK_NOT_FOUND);
    expect(() => disable(given({ type: 'LinkDeleted', data: { link_id: 4, short_code: 'phish' } }))).toThrow(LINK_NOT_FOUND);
    expect(() => decideModeration({ actorRole: 'user', linkId: 4, disable: true, reason: 'x' }, given())).toThrow(ADMINS_MODERATE);
  });
});
