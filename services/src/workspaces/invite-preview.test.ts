import { describe, expect, it } from 'vitest';
import { shreddedEmail, type DomainEvent } from '@linkledger/contracts';
import { foldEvents } from '../commands/event-port.ts';
import { recorded } from '../testing/recorded.ts';
import { evolveInvitesShown, inviteOffer, noInvitesShown } from './invite-preview.ts';
import { INVITE_EXPIRED, INVITE_INVALID, INVITE_REVOKED, INVITE_USED } from './workspace-deciders.ts';
import { evolveInviteToken, noInviteToken } from './workspace-state.ts';

const inviteId = '00000000-0000-4000-8000-000000000001';
const ids = { invite_id: inviteId, workspace_id: 40 };
const created: DomainEvent = { type: 'WorkspaceCreated', data: { workspace_id: 40, name: 'Launch', slug: 'launch', owner_id: 7 } };
const sent = (email = 'ben@example.com'): DomainEvent => ({
  type: 'WorkspaceInviteSent',
  data: { ...ids, role: 'member', email, email_masked: 'be****@example.com', inviter_id: 7, expires_at: '2026-12-04T10:00:00.000Z' },
});
const issued: DomainEvent = { type: 'WorkspaceInviteTokenIssued', data: ids };
const team = { workspaceId: 40, personal: false };
const now = new Date('2026-11-27T10:00:00Z');

/** Given the token's and the workspace's histories, when the link is opened at `at`: what it offers, or the refusal. */
const opened = (tokenEvents: DomainEvent[], workspaceEvents: DomainEvent[], at = now, address = team) =>
  inviteOffer(
    foldEvents(recorded(tokenEvents, 'workspace-invite-x'), evolveInviteToken, noInviteToken),
    foldEvents(recorded(workspaceEvents, 'workspace-40'), evolveInvitesShown, noInvitesShown),
    address,
    at,
  );

describe('what an invite’s link offers before it is answered (docs/workspaces.md#invites)', () => {
  it('given a pending invite, when its link is opened, then it offers its role, inviter, masked address and expiry', () => {
    expect(opened([issued], [created, sent()])).toEqual({
      inviterId: 7,
      role: 'member',
      emailMasked: 'be****@example.com',
      expiresAt: '2026-12-04T10:00:00.000Z',
    });
  });

  it('given a token no invite has, or a deleted workspace’s, or an inviter whose account was deleted, then the link is not valid', () => {
    expect(() => opened([], [created, sent()])).toThrow(INVITE_INVALID);
    expect(() => opened([issued], [created, sent(), { type: 'WorkspaceDeleted', data: { workspace_id: 40 } }])).toThrow(INVITE_INVALID);
    expect(() => opened([issued], [created, sent(shreddedEmail)])).toThrow(INVITE_INVALID);
    // A team's id named as a personal workspace's, or the other way round, finds nothing.
    expect(() => opened([issued], [sent()], now, team)).toThrow(INVITE_INVALID);
  });

  it('given an answered, withdrawn or expired invite, then each says so in its own words, all as not found', () => {
    const used: DomainEvent = { type: 'WorkspaceInviteTokenUsed', data: ids };
    const declined: DomainEvent = { type: 'WorkspaceInviteDeclined', data: { ...ids, user_id: 9 } };
    const revoked: DomainEvent = { type: 'WorkspaceInviteRevoked', data: ids };
    const refusal = (run: () => unknown) => {
      try {
        run();
      } catch (error) {
        return { refusal: (error as { refusal?: string }).refusal, detail: (error as Error).message };
      }
      return null;
    };
    expect(refusal(() => opened([issued, used], [created, sent(), declined]))).toMatchObject({ refusal: 'not_found', detail: INVITE_USED });
    expect(refusal(() => opened([issued], [created, sent(), revoked]))).toMatchObject({ refusal: 'not_found', detail: INVITE_REVOKED });
    expect(refusal(() => opened([issued], [created, sent()], new Date('2026-12-04T10:00:00Z')))).toMatchObject({
      refusal: 'not_found',
      detail: INVITE_EXPIRED,
    });
    expect(opened([issued], [created, sent()], new Date('2026-12-04T09:59:59.999Z')).role).toBe('member');
  });

  it('given a personal workspace (no creation event), when its invite’s link is opened, then it offers it', () => {
    expect(opened([issued], [sent()], now, { workspaceId: 40, personal: true }).inviterId).toBe(7);
  });
});
