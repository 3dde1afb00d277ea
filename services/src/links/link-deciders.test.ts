import { describe, expect, it } from 'vitest';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { DomainEvent, StoredLinkControls, TargetingRule } from '@linkledger/contracts';
import { LINK_NOT_FOUND, decideBulkDelete, decideCreateLink, deleteLinkDecider, promoteVariantDecider, updateLinkDecider } from './link-deciders.ts';
import type { LinkState } from './link-state.ts';

const deletes = deciderSpec(deleteLinkDecider);
/** The clock's instant and our own host, as the command runners pass them. */
const CHECKS = { now: Date.parse('2026-11-28T00:00:00.000Z'), ownHosts: ['short.test'] };

const created = decideCreateLink({
  linkId: 1,
  ownerId: 7,
  shortCode: 'abc1234',
  originalUrl: 'https://example.com/a',
  title: 'A',
  description: '',
  createdVia: 'manual',
  customDomain: null,
  traiHeader: null,
  ...CHECKS,
}).filter((e) => e.type === 'LinkCreated');

describe('link decider', () => {
  it('given nothing, when a link is created, then the code is claimed and the link created', () => {
    const events = decideCreateLink({
      linkId: 1,
      ownerId: 7,
      shortCode: 'abc1234',
      originalUrl: 'https://x.io',
      title: '',
      description: '',
      createdVia: 'api',
      customDomain: null,
      traiHeader: null,
      ...CHECKS,
    });
    expect(events.map((e) => e.type)).toEqual(['ShortCodeClaimed', 'LinkCreated']);
    expect(events[1]).toMatchObject({ data: { created_via: 'api', owner_id: 7, short_code: 'abc1234' } });
  });

  it('given a link, when its owner deletes it, then it is deleted', () => {
    const link = deletes.given(created);
    expect(link.state).toMatchObject({ id: 1, ownerId: 7, destination: 'https://example.com/a', deleted: false, version: 0 });
    link.when({ ownerId: 7, linkId: 1 }).then([{ type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }]);
  });

  it('given a link, when someone else deletes it, then it is not found', () => {
    deletes.given(created).when({ ownerId: 8, linkId: 1 }).thenThrows(LINK_NOT_FOUND);
  });

  it('given a deleted link, when it is deleted again, then it is not found', () => {
    const link = deletes.given([...created, { type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }]);
    expect(link.state?.deleted).toBe(true);
    link.when({ ownerId: 7, linkId: 1 }).thenThrows(DomainError);
  });

  it('given an update, the state follows the new destination and active flag', () => {
    const state = deletes.given([
      ...created,
      { type: 'LinkUpdated', data: { link_id: 1, changes: { original_url: 'https://new.example', is_active: false } } },
    ]).state;
    // Read back in its WHATWG serialization (what a Location header can carry).
    expect(state).toMatchObject({ destination: 'https://new.example/', isActive: false, version: 1 });
  });
});

const updates = deciderSpec(updateLinkDecider);
const update = (changes: Record<string, unknown>, ownerId = 7) => ({ ownerId, linkId: 1, changes, ...CHECKS });

describe('update decider', () => {
  it('given a link, when its owner changes some fields, then only the fields that differ are recorded', () => {
    const link = updates.given(created);
    expect(link.state).toMatchObject({ title: 'A', description: '', destination: 'https://example.com/a', isActive: true });
    link
      .when(update({ title: 'A', description: 'new', original_url: 'https://example.com/a', is_active: true }))
      .then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { description: 'new' } } }]);
    link
      .when(update({ original_url: 'https://example.com/b', is_active: false }))
      .then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { original_url: 'https://example.com/b', is_active: false } } }]);
  });

  it('given a link, when the edit changes nothing, then nothing is recorded', () => {
    const link = updates.given(created);
    link.when(update({})).then([]);
    link.when(update({ title: 'A', is_active: true })).then([]);
  });

  it('given an updated link, when the same edit is made again, then nothing is recorded', () => {
    const link = updates.given([...created, { type: 'LinkUpdated', data: { link_id: 1, changes: { title: 'B', is_active: false } } }]);
    expect(link.state).toMatchObject({ title: 'B', description: '', isActive: false, version: 1 });
    link.when(update({ title: 'B', is_active: false })).then([]);
    link.when(update({ is_active: true })).then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { is_active: true } } }]);
  });

  it('given a link, when someone else edits it, then it is not found', () => {
    updates
      .given(created)
      .when(update({ title: 'mine now' }, 8))
      .thenThrows(LINK_NOT_FOUND);
  });

  it('given a deleted link or none, when it is edited, then it is not found', () => {
    updates
      .given([...created, { type: 'LinkDeleted', data: { link_id: 1, short_code: 'abc1234' } }])
      .when(update({ title: 'x' }))
      .thenThrows(LINK_NOT_FOUND);
    updates
      .given([])
      .when(update({ title: 'x' }))
      .thenThrows(LINK_NOT_FOUND);
  });
});

const linkOf = (linkId: number, ownerId: number, deleted = false) =>
  deletes.given([
    ...decideCreateLink({
      linkId,
      ownerId,
      shortCode: `code${linkId}`,
      originalUrl: 'https://example.com',
      title: '',
      description: '',
      createdVia: 'manual',
      customDomain: null,
      traiHeader: null,
      ...CHECKS,
    }).filter((e) => e.type === 'LinkCreated'),
    ...(deleted ? [{ type: 'LinkDeleted', data: { link_id: linkId, short_code: `code${linkId}` } } as const] : []),
  ]).state;

describe('bulk delete decider', () => {
  const links = new Map<number, LinkState | null>([
    [1, linkOf(1, 7)],
    [2, linkOf(2, 7)],
    [3, linkOf(3, 8)],
    [4, linkOf(4, 7, true)],
    [5, null],
  ]);

  it('given the owner’s links, when they are deleted together, then each is deleted once', () => {
    expect(decideBulkDelete({ ownerId: 7, ids: [2, 1, 2] }, links)).toEqual([
      { linkId: 2, events: [{ type: 'LinkDeleted', data: { link_id: 2, short_code: 'code2' } }] },
      { linkId: 1, events: [{ type: 'LinkDeleted', data: { link_id: 1, short_code: 'code1' } }] },
    ]);
  });

  it('given someone else’s, a deleted and an unknown link among them, then the whole command is refused naming them', () => {
    expect(() => decideBulkDelete({ ownerId: 7, ids: [1, 3, 4, 5] }, links)).toThrow('URLs not found: 3, 4, 5. Nothing was deleted.');
    expect(() => decideBulkDelete({ ownerId: 8, ids: [3, 1] }, links)).toThrow('URL not found: 1. Nothing was deleted.');
    const refusal = (() => {
      try {
        return decideBulkDelete({ ownerId: 7, ids: [3] }, links);
      } catch (error) {
        return error;
      }
    })();
    expect(refusal).toBeInstanceOf(DomainError);
    expect(refusal).toMatchObject({ refusal: 'not_found' });
  });
});

const creation = (controls: StoredLinkControls) => ({
  linkId: 1,
  ownerId: 7,
  shortCode: 'abc1234',
  originalUrl: 'https://example.com/a',
  title: '',
  description: '',
  createdVia: 'manual' as const,
  customDomain: null,
  traiHeader: null,
  controls,
  ...CHECKS,
});
const refusalOf = (decide: () => unknown) => {
  try {
    decide();
  } catch (error) {
    return error;
  }
  throw new Error('expected a refusal');
};
const FUTURE = '2026-12-31T00:00:00.000Z';
const rule = (conditions: TargetingRule['conditions'], url = 'https://example.com/r'): TargetingRule => ({ url, conditions });

describe('smart controls on creation', () => {
  it('given nothing, when a link is created with controls, then LinkCreated holds the set ones and leaves out the cleared ones', () => {
    const [, linkCreated] = decideCreateLink(
      creation({
        expires_at: FUTURE,
        max_clicks: 100,
        password_hash: 'scrypt$hash',
        rules: [rule({ device: 'ios' })],
        variants: [],
        og: null,
        expired_url: null,
      }),
    );
    expect(linkCreated?.data).toMatchObject({ expires_at: FUTURE, max_clicks: 100, password_hash: 'scrypt$hash', rules: [rule({ device: 'ios' })] });
    expect(linkCreated?.data).not.toHaveProperty('variants');
    expect(linkCreated?.data).not.toHaveProperty('og');
  });

  it.each([
    ['a past expires_at', { expires_at: '2026-11-27T23:59:59.000Z' }, 'expires_at', 'expires_at is in the past'],
    ['expires_at at the very instant', { expires_at: '2026-11-28T00:00:00.000Z' }, 'expires_at', 'expires_at is in the past'],
    ['starts_at not before expires_at', { starts_at: FUTURE, expires_at: FUTURE }, 'starts_at', 'starts_at must be before expires_at'],
    [
      'weights not summing to 100',
      {
        variants: [
          { url: 'https://a.example/', weight: 50 },
          { url: 'https://b.example/', weight: 40 },
        ],
      },
      'variants',
      'sum to 90',
    ],
    ['a single variant', { variants: [{ url: 'https://a.example/', weight: 99 }] }, 'variants', '2 to 4 destinations'],
    ['five variants', { variants: Array.from({ length: 5 }, (_, i) => ({ url: `https://v${i}.example/`, weight: 20 })) }, 'variants', '2 to 4'],
    ['21 rules', { rules: Array.from({ length: 21 }, () => rule({ country: 'IN' })) }, 'rules', 'at most 20'],
    ['a rule without conditions', { rules: [rule({ country: 'IN' }), rule({})] }, 'rules', 'Rule 2 in rules has no conditions'],
    ['before not after after', { rules: [rule({ after: FUTURE, before: '2026-12-01T00:00:00.000Z' })] }, 'rules', 'before must be later than its after'],
    ['an expired_url that loops to the product', { expired_url: 'https://SHORT.test./abc1234' }, 'expired_url', 'expired_url points back to a short link'],
    ['an expired_url on a loopback address', { expired_url: 'http://127.0.0.1:3000/other' }, 'expired_url', 'go round in a loop'],
    ['a rule url that loops', { rules: [rule({ device: 'ios' }, 'https://short.test/xyz')] }, 'rules', "Rule 1's url points back"],
    [
      'a variant url that loops',
      {
        variants: [
          { url: 'https://example.com/', weight: 50 },
          { url: 'https://short.test/xyz', weight: 50 },
        ],
      },
      'variants',
      "Variant 2's url points back",
    ],
  ] as [string, StoredLinkControls, string, string][])(
    'given nothing, when a link is created with %s, then it is refused naming %s',
    (_, controls, field, message) => {
      const refusal = refusalOf(() => decideCreateLink(creation(controls)));
      expect(refusal).toBeInstanceOf(DomainError);
      expect(refusal).toMatchObject({ refusal: 'invalid', field });
      expect((refusal as DomainError).detail).toContain(message);
    },
  );

  it('given nothing, when the limits are just met (20 rules, 4 variants summing to 100, an expired_url to one of our pages), then the link is created', () => {
    const [, linkCreated] = decideCreateLink(
      creation({
        rules: Array.from({ length: 20 }, () => rule({ device: 'android' })),
        variants: [25, 25, 25, 25].map((weight, i) => ({ url: `https://v${i}.example/`, weight })),
        expired_url: 'https://short.test/pricing',
      }),
    );
    expect(linkCreated?.type).toBe('LinkCreated');
  });
});

describe('smart controls in an edit', () => {
  const withExpiry = [
    ...created,
    { type: 'LinkUpdated', data: { link_id: 1, changes: { expires_at: '2026-12-01T00:00:00.000Z', password_hash: 'scrypt$old' } } },
  ] satisfies DomainEvent[];

  it('given a link, when an edit sets controls, then only those that differ are recorded', () => {
    updates
      .given(withExpiry)
      .when(update({ title: 'A', expires_at: '2026-12-01T00:00:00.000Z', max_clicks: 5, rules: [], variants: [], og: null }))
      .then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { max_clicks: 5 } } }]);
  });

  it('given a link whose expiry has since passed, when only its title is edited, then the edit is not refused', () => {
    updates
      .given(withExpiry)
      .when({ ...update({ title: 'B', expires_at: '2026-12-01T00:00:00.000Z' }), now: Date.parse('2026-12-05T00:00:00.000Z') })
      .then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { title: 'B' } } }]);
  });

  it('given a link with an expiry, when an edit sets a start after it, then it is refused against the link as it will be', () => {
    updates
      .given(withExpiry)
      .when(update({ starts_at: '2026-12-02T00:00:00.000Z' }))
      .thenThrows('starts_at must be before expires_at');
  });

  it('given a link with a password, when the edit removes it, then password_hash null is recorded; removing it again records nothing', () => {
    const link = updates.given(withExpiry);
    link.when(update({ password_hash: null })).then([{ type: 'LinkUpdated', data: { link_id: 1, changes: { password_hash: null } } }]);
    updates
      .given(created)
      .when(update({ password_hash: null }))
      .then([]);
  });

  it('given a link, when an edit gives weights not summing to 100, then it is refused naming variants', () => {
    const refusal = refusalOf(
      () =>
        updates.given(created).when(
          update({
            variants: [
              { url: 'https://a.example/', weight: 60 },
              { url: 'https://b.example/', weight: 60 },
            ],
          }),
        ).events,
    );
    expect(refusal).toMatchObject({ refusal: 'invalid', field: 'variants' });
  });
});

const promotes = deciderSpec(promoteVariantDecider);
const split = [
  ...created,
  {
    type: 'LinkUpdated',
    data: {
      link_id: 1,
      changes: {
        variants: [
          { url: 'https://a.example/', weight: 30 },
          { url: 'https://b.example/', weight: 70 },
        ],
      },
    },
  },
] satisfies DomainEvent[];

describe('promote a variant', () => {
  it('given a link with a split, when its owner promotes variant 2, then LinkVariantPromoted makes it the destination and ends the split', () => {
    const link = promotes.given(split);
    link
      .when({ ownerId: 7, linkId: 1, variant: 2 })
      .then([{ type: 'LinkVariantPromoted', data: { link_id: 1, variant: 2, original_url: 'https://b.example/' } }]);
    const after = promotes.given([...split, ...link.when({ ownerId: 7, linkId: 1, variant: 2 }).events]).state;
    expect(after).toMatchObject({ destination: 'https://b.example/', controls: null });
  });

  it('given a link with a split, when a variant it does not have is promoted, then it is refused naming variant', () => {
    const refusal = refusalOf(() => promotes.given(split).when({ ownerId: 7, linkId: 1, variant: 3 }).events);
    expect(refusal).toMatchObject({ refusal: 'invalid', field: 'variant' });
  });

  it('given a link without a split, when a variant is promoted, then it is refused as a conflict', () => {
    const refusal = refusalOf(() => promotes.given(created).when({ ownerId: 7, linkId: 1, variant: 1 }).events);
    expect(refusal).toMatchObject({ refusal: 'conflict', detail: 'This link has no A/B split, so there is no variant to promote.' });
  });

  it('given someone else’s link, when they promote a variant, then it is not found', () => {
    promotes.given(split).when({ ownerId: 8, linkId: 1, variant: 1 }).thenThrows(LINK_NOT_FOUND);
  });
});
