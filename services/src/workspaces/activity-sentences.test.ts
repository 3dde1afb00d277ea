import { describe, expect, it } from 'vitest';
import type { EditableLink } from '../links/index.ts';
import { aLink } from '../testing/links.ts';
import { activitySentence, type ActivityEvent, type SentenceContext } from './activity-sentences.ts';

const springSale: EditableLink = aLink({ id: 7, ownerId: 40, shortCode: 'spring-sale', destination: 'https://a.example', title: 'Spring sale' });
const names: Record<number, string> = { 41: 'ben', 42: 'vikram' };

/** Given the actor and the link as it was, when the event happened, then the feed says … */
const sentence = (event: ActivityEvent, given: Partial<SentenceContext> = {}) =>
  activitySentence(event, { actor: 'asha', linkBefore: null, nameOf: (id) => names[id] ?? 'deleted account', ...given });

describe('activity sentences (given the actor and the link before, when an event, then one sentence)', () => {
  it('a new destination: from the old one to the new one, on the link’s path', () => {
    const event: ActivityEvent = { type: 'LinkUpdated', data: { link_id: 7, changes: { original_url: 'https://b.example' } } };
    expect(sentence(event, { linkBefore: springSale })).toBe('asha changed the destination of /spring-sale from https://a.example to https://b.example');
  });

  it('several changes in one edit: each from what to what, and a switch', () => {
    const event: ActivityEvent = {
      type: 'LinkUpdated',
      data: { link_id: 7, changes: { title: 'Summer sale', description: 'Hot', is_active: false } },
    };
    expect(sentence(event, { linkBefore: springSale })).toBe(
      'asha changed the title of /spring-sale from “Spring sale” to “Summer sale” and the description from “” to “Hot”, and switched off the link',
    );
    const onlySwitch: ActivityEvent = { type: 'LinkUpdated', data: { link_id: 7, changes: { is_active: true } } };
    expect(sentence(onlySwitch, { linkBefore: springSale, actor: 'API key' })).toBe('API key switched on /spring-sale');
  });

  it('creation, deletion and moderation of a link', () => {
    const created: ActivityEvent = {
      type: 'LinkCreated',
      data: {
        link_id: 7,
        owner_id: 40,
        short_code: 'spring-sale',
        original_url: 'https://a.example',
        title: '',
        description: '',
        created_via: 'manual',
        custom_domain: null,
        trai_header: null,
      },
    };
    expect(sentence(created)).toBe('asha created /spring-sale, leading to https://a.example');
    expect(sentence({ type: 'LinkDeleted', data: { link_id: 7, short_code: 'spring-sale' } }, { linkBefore: springSale })).toBe('asha deleted /spring-sale');
    const disabled: ActivityEvent = { type: 'LinkModerated', data: { link_id: 7, disabled: true, reason: 'Phishing' } };
    expect(sentence(disabled, { actor: null, linkBefore: springSale })).toBe('/spring-sale was disabled by moderation: Phishing');
  });

  it('a very long destination is cut, so the sentence stays one line', () => {
    const event: ActivityEvent = { type: 'LinkUpdated', data: { link_id: 7, changes: { original_url: `https://b.example/${'x'.repeat(500)}` } } };
    const said = sentence(event, { linkBefore: springSale });
    expect(said.length).toBeLessThan(300);
    expect(said.endsWith('…')).toBe(true);
  });

  it('members’ events name the member they are about', () => {
    expect(sentence({ type: 'WorkspaceRenamed', data: { workspace_id: 40, name: 'Launch' } })).toBe('asha renamed the workspace to “Launch”');
    const invite: ActivityEvent = {
      type: 'WorkspaceInviteSent',
      data: {
        invite_id: '7c1b1a5e-3a57-4f57-9a1c-1c2f3b4d5e6f',
        workspace_id: 40,
        role: 'member',
        email: 'sealed:abc',
        email_masked: 'b***@example.com',
        inviter_id: 40,
        expires_at: '2026-12-01T00:00:00.000Z',
      },
    };
    expect(sentence(invite)).toBe('asha invited b***@example.com as member');
    const joined: ActivityEvent = {
      type: 'WorkspaceInviteAccepted',
      data: { invite_id: '7c1b1a5e-3a57-4f57-9a1c-1c2f3b4d5e6f', workspace_id: 40, user_id: 41, role: 'member' },
    };
    expect(sentence(joined, { actor: 'ben' })).toBe('ben joined as member');
    expect(sentence({ type: 'WorkspaceMemberRoleChanged', data: { workspace_id: 40, user_id: 42, role: 'admin', previous: 'viewer' } })).toBe(
      'asha changed the role of vikram from viewer to admin',
    );
    expect(sentence({ type: 'WorkspaceMemberRemoved', data: { workspace_id: 40, user_id: 42, reason: 'removed' } })).toBe('asha removed vikram');
    expect(sentence({ type: 'WorkspaceMemberRemoved', data: { workspace_id: 40, user_id: 99, reason: 'left' } })).toBe('deleted account left the workspace');
    expect(sentence({ type: 'WorkspaceOwnershipTransferred', data: { workspace_id: 40, from_user_id: 40, to_user_id: 41 } })).toBe(
      'asha handed ownership to ben',
    );
  });

  it('API keys: which was created with what scopes, and whose was revoked', () => {
    const key = { workspace_id: 40, key_id: '00000000-0000-4000-8000-000000000001', name: 'Zapier', key_hash: 'a'.repeat(64) };
    expect(sentence({ type: 'WorkspaceApiKeyCreated', data: { ...key, scopes: ['links:read', 'links:write'], last_four: 'abcd', creator_id: 40 } })).toBe(
      'asha created the API key “Zapier” (links:read, links:write)',
    );
    expect(sentence({ type: 'WorkspaceApiKeyRevoked', data: { ...key, creator_id: 40, revoked_by: 40 } })).toBe('asha revoked the API key “Zapier”');
    expect(sentence({ type: 'WorkspaceApiKeyRevoked', data: { ...key, creator_id: 41, revoked_by: 40 } })).toBe('asha revoked the API key “Zapier” of ben');
  });
});

describe('activity sentences for smart links (given the link before, when its controls change or it expires, then …)', () => {
  const withPassword: EditableLink = {
    ...springSale,
    controls: {
      startsAt: null,
      expiresAt: null,
      maxClicks: null,
      expiredUrl: null,
      passwordHash: 'scrypt$16384$8$1$c2FsdA==$aGFzaA==',
      rules: [],
      variants: [],
      og: null,
      expired: false,
      servedRuleUrls: [],
      servedVariantUrls: [],
    },
  };

  it('an edit of controls names which controls changed, never the password or its hash', () => {
    const hash = 'scrypt$16384$8$1$bmV3$bmV3aGFzaA==';
    const setPassword: ActivityEvent = { type: 'LinkUpdated', data: { link_id: 7, changes: { password_hash: hash, max_clicks: 100 } } };
    const said = sentence(setPassword, { linkBefore: springSale });
    expect(said).toBe('asha edited /spring-sale: set a limit of 100 clicks and set a password');
    expect(said).not.toContain('scrypt');
    expect(sentence({ type: 'LinkUpdated', data: { link_id: 7, changes: { password_hash: hash } } }, { linkBefore: withPassword })).toBe(
      'asha edited /spring-sale: changed the password',
    );
    expect(sentence({ type: 'LinkUpdated', data: { link_id: 7, changes: { password_hash: null } } }, { linkBefore: withPassword })).toBe(
      'asha edited /spring-sale: removed the password',
    );
  });

  it('schedule, rules, split and card: set or removed, counted rather than repeated', () => {
    const edit: ActivityEvent = {
      type: 'LinkUpdated',
      data: {
        link_id: 7,
        changes: {
          expires_at: '2026-12-01T00:00:00.000Z',
          starts_at: null,
          rules: [{ url: 'https://ios.example', conditions: { device: 'ios' } }],
          variants: [
            { url: 'https://a.example', weight: 60 },
            { url: 'https://b.example', weight: 40 },
          ],
          og: null,
          expired_url: 'https://gone.example',
        },
      },
    };
    expect(sentence(edit, { linkBefore: springSale })).toBe(
      'asha edited /spring-sale: removed the start date, set the expiry date to 01 Dec 2026, set an address for expired visits, set 1 targeting rule, set an A/B split 60/40 and removed the social card',
    );
  });

  it('controls edited with the title: the title from what to what, then the controls, then the switch', () => {
    const edit: ActivityEvent = { type: 'LinkUpdated', data: { link_id: 7, changes: { title: 'Sale', max_clicks: null, rules: [], is_active: false } } };
    expect(sentence(edit, { linkBefore: springSale })).toBe(
      'asha changed the title of /spring-sale from “Spring sale” to “Sale”; also removed the click limit and removed the targeting rules, and switched off the link',
    );
  });

  it('an expiry says why, with no actor; a promotion names the variant and its address', () => {
    expect(sentence({ type: 'LinkExpired', data: { link_id: 7, reason: 'max_clicks' } }, { actor: null, linkBefore: springSale })).toBe(
      '/spring-sale expired: its click limit was reached',
    );
    expect(sentence({ type: 'LinkExpired', data: { link_id: 7, reason: 'expires_at' } }, { actor: null, linkBefore: springSale })).toBe(
      '/spring-sale expired at its expiry time',
    );
    const promoted: ActivityEvent = { type: 'LinkVariantPromoted', data: { link_id: 7, variant: 2, original_url: 'https://b.example' } };
    expect(sentence(promoted, { linkBefore: springSale })).toBe(
      'asha promoted variant 2 of /spring-sale (https://b.example) as the destination, ending its A/B test',
    );
  });
});
