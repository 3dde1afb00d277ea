import { currentVersion, type DomainEvent, type LinkCreated, type RecordedEvent } from '@linkledger/contracts';
import { describe, expect, it } from 'vitest';
import { projectReadModel } from '../testing/project-read-model.ts';
import { API_KEYS, LINKS, LINK_TOTALS, REVOKED_SESSIONS, SUBSCRIPTIONS, USERS } from './api-read-model.ts';

const CHROME = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36';
const BOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const HASH = 'a'.repeat(64);

/** Events as the log would hand them over: positions from 1, one minute apart. */
function recorded(events: { stream: string; event: DomainEvent }[], startAt = 1): RecordedEvent[] {
  return events.map(({ stream, event }, i) => ({
    id: `e${startAt + i}`,
    stream,
    revision: i,
    position: startAt + i,
    type: event.type,
    version: currentVersion[event.type],
    data: event.data,
    metadata: { actor: { kind: 'user', id: '1' }, correlation_id: 'c', causation_id: 'c', at: new Date(Date.UTC(2026, 10, 23, 10, startAt + i)).toISOString() },
  }));
}

const user = (event: DomainEvent) => ({ stream: 'user-1', event });
const link = (event: DomainEvent) => ({ stream: 'link-10', event });
const click = (userAgent: string) =>
  ({
    stream: 'clicks-10',
    event: {
      type: 'Clicked',
      data: {
        link_id: 10,
        owner_id: 1,
        link_version: 0,
        destination: 'https://example.com/',
        country: 'IN',
        user_agent: userAgent,
        referrer: '',
        source: 'link',
        visitor_hash: 'v',
      },
    },
  }) as const;

const history = recorded([
  user({ type: 'UserRegistered', data: { user_id: 1, email: 'ada@example.com', password_hash: 'scrypt$x', role: 'super_admin' } }),
  user({ type: 'EmailVerified', data: { user_id: 1, via: 'email_link' } }),
  user({ type: 'ApiKeyIssued', data: { user_id: 1, key_id: 'k1', key_hash: HASH, key_encrypted: 'v1.enc' } }),
  link({
    type: 'LinkCreated',
    data: {
      link_id: 10,
      owner_id: 1,
      short_code: 'abc',
      original_url: 'https://example.com/',
      title: 'Launch',
      description: '',
      created_via: 'manual',
      custom_domain: '',
      trai_header: null,
    },
  }),
  click(CHROME),
  click(BOT),
  click(CHROME),
  link({ type: 'LinkUpdated', data: { link_id: 10, changes: { title: 'Zebra launch', is_active: false } } }),
  user({ type: 'SessionRevoked', data: { user_id: 1, jti: 'jti-1', expires_at: '2026-11-30T10:00:00.000Z' } }),
  user({ type: 'PasswordChanged', data: { user_id: 1, password_hash: 'scrypt$y', reason: 'change' } }),
]);

const project = projectReadModel;

describe('the accounts and links read model', () => {
  it('given a user’s and a link’s history, holds the documents every screen reads', async () => {
    const store = await project([history]);
    expect(await store.get(USERS, 1)).toEqual({
      id: 1,
      email: 'ada@example.com',
      username: 'ada',
      full_name: null,
      role: 'super_admin',
      plan_type: 'free',
      is_verified: true,
      is_active: true,
      status: 'active',
      created_at: history[0]!.metadata.at,
      sessions_valid_after: history[9]!.metadata.at,
    });
    expect(await store.get(LINKS, 10)).toMatchObject({
      owner_id: 1,
      short_code: 'abc',
      title: 'Zebra launch',
      title_key: 'zebra launch',
      is_active: false,
      custom_domain: null,
      // Two human clicks; the bot's is in the log but never counted.
      total_clicks: 2,
      created_at: history[3]!.metadata.at,
      updated_at: history[7]!.metadata.at,
    });
    expect(await store.get(LINK_TOTALS, 1)).toEqual({ id: 1, total_urls: 1, total_clicks: 2 });
    expect(await store.get(API_KEYS, HASH)).toMatchObject({ user_id: 1, key_id: 'k1', key_encrypted: 'v1.enc' });
    expect(await store.get(REVOKED_SESSIONS, 'jti-1')).toMatchObject({ user_id: 1, expires_at: '2026-11-30T10:00:00.000Z' });
    expect(await store.get(SUBSCRIPTIONS, 1)).toMatchObject({ plan_type: 'free', status: 'active' });
  });

  it('given a link’s smart controls, keeps them with has_password instead of the hash, and follows expiry, re-arming and promotion', async () => {
    const variants = [
      { url: 'https://a.example/', weight: 40 },
      { url: 'https://b.example/', weight: 60 },
    ];
    const created = history[3]!.data as LinkCreated;
    const controls = recorded([
      link({ type: 'LinkCreated', data: { ...created, password_hash: 'scrypt$secret', max_clicks: 3, variants } }),
      link({ type: 'LinkExpired', data: { link_id: 10, reason: 'max_clicks' } }),
    ]);
    const store = await project([controls]);
    expect(await store.get(LINKS, 10)).toMatchObject({ has_password: true, max_clicks: 3, variants, expired: true });
    expect(JSON.stringify(await store.get(LINKS, 10))).not.toContain('scrypt$secret');

    const later = recorded(
      [
        link({ type: 'LinkUpdated', data: { link_id: 10, changes: { max_clicks: 10, password_hash: 'scrypt$other', title: 'Capped' } } }),
        link({ type: 'LinkVariantPromoted', data: { link_id: 10, variant: 2, original_url: 'https://b.example/' } }),
        link({ type: 'LinkUpdated', data: { link_id: 10, changes: { password_hash: null } } }),
      ],
      3,
    );
    const after = await project([[...controls, ...later]]);
    const document = await after.get(LINKS, 10);
    expect(document).toMatchObject({
      max_clicks: 10,
      expired: false,
      title: 'Capped',
      title_key: 'capped',
      original_url: 'https://b.example/',
      variants: [],
      has_password: false,
    });
    expect(Object.keys(document!)).not.toContain('password_hash');
  });

  it('given an admin’s status and role changes, holds the user’s status and role as they are now', async () => {
    const later = recorded(
      [
        { stream: 'user-2', event: { type: 'UserRegistered', data: { user_id: 2, email: 'bo@example.com', password_hash: 'h', role: 'user' } } },
        { stream: 'user-2', event: { type: 'UserStatusChanged', data: { user_id: 2, status: 'suspended', previous: 'active' } } },
        { stream: 'user-2', event: { type: 'UserRoleChanged', data: { user_id: 2, role: 'admin', previous: 'user' } } },
      ],
      history.length + 1,
    );
    const store = await project([history, later]);
    expect(await store.get(USERS, 2)).toMatchObject({ status: 'suspended', is_active: false, role: 'admin' });
    const reactivated = recorded(
      [{ stream: 'user-2', event: { type: 'UserStatusChanged', data: { user_id: 2, status: 'active', previous: 'suspended' } } }],
      history.length + 4,
    );
    const after = await project([history, later, reactivated]);
    expect(await after.get(USERS, 2)).toMatchObject({ status: 'active', is_active: true });
  });

  it('given the address proven by its verification link, ends every session (a kept one too) and drops the pending change of address', async () => {
    const later = recorded(
      [
        { stream: 'user-3', event: { type: 'UserRegistered', data: { user_id: 3, email: 'cy@example.com', password_hash: 'h', role: 'user' } } },
        { stream: 'user-3', event: { type: 'OtherSessionsRevoked', data: { user_id: 3, kept_jti: 'jti-kept' } } },
        {
          stream: 'user-3',
          event: { type: 'EmailChangeRequested', data: { user_id: 3, new_email: 'mallory@evil.example', expires_at: '2026-11-24T10:00:00.000Z' } },
        },
        { stream: 'user-3', event: { type: 'EmailVerified', data: { user_id: 3, via: 'email_link' } } },
        { stream: 'user-3', event: { type: 'AllSessionsRevoked', data: { user_id: 3, reason: 'email_verified' } } },
        { stream: 'user-3', event: { type: 'EmailChangeCancelled', data: { user_id: 3, reason: 'email_verified' } } },
      ],
      history.length + 1,
    );
    const store = await project([history, later]);
    const cy = await store.get(USERS, 3);
    expect(cy).toMatchObject({ is_verified: true, pending_email: null, sessions_valid_after: later[4]!.metadata.at });
    expect(cy).not.toHaveProperty('sessions_kept_jti');
  });

  it('given a deletion and a revoked key, drops the documents and takes the link out of the owner’s totals', async () => {
    const later = recorded(
      [
        link({ type: 'LinkDeleted', data: { link_id: 10, short_code: 'abc' } }),
        user({ type: 'ApiKeyRevoked', data: { user_id: 1, key_id: 'k1', key_hash: HASH, reason: 'regenerated' } }),
      ],
      history.length + 1,
    );
    const store = await project([history, later]);
    expect(await store.get(LINKS, 10)).toBeNull();
    expect(await store.get(API_KEYS, HASH)).toBeNull();
    expect(await store.get(LINK_TOTALS, 1)).toEqual({ id: 1, total_urls: 0, total_clicks: 0 });
  });

  it('is the same built in one batch or event by event', async () => {
    const whole = await project([history]);
    const oneByOne = await project(history.map((event) => [event]));
    expect(oneByOne.snapshot()).toEqual(whole.snapshot());
  });

  it('applies a batch delivered twice once: counts do not double', async () => {
    const once = await project([history]);
    const twice = await project([history, history, history.slice(4, 7)]);
    expect(twice.snapshot()).toEqual(once.snapshot());
    expect((await twice.get<{ id: number; total_clicks: number }>(LINKS, 10))!.total_clicks).toBe(2);
    // A batch that overlaps the applied part applies only its new events.
    const overlapping = await project([history.slice(0, 6), history.slice(4)]);
    expect(overlapping.snapshot()).toEqual(once.snapshot());
  });
});
