import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { recorded } from '../testing/recorded.ts';
import { evolveEmailClaim } from '../accounts/email-claim-state.ts';
import { evolveSystem, evolveUser, initialSystem, noUser } from '../accounts/user-state.ts';
import { decideUserStatus, USER_DELETED } from '../admin/user-moderation-deciders.ts';
import {
  ALREADY_DELETED,
  CHANGED_MEANWHILE,
  CONFIRMATION_MISMATCH,
  SUPER_ADMIN_CANNOT_LEAVE,
  deleteAccountDecider,
  type DeleteAccount,
} from './delete-account.ts';
import { foldEvents } from '../commands/event-port.ts';

const registered = (id: number, email: string): DomainEvent => ({
  type: 'UserRegistered',
  data: { user_id: id, email, password_hash: 'scrypt$x', role: id === 1 ? 'super_admin' : 'user' },
});
const fold = {
  user: (...events: DomainEvent[]) => foldEvents(recorded(events, 'user-7'), evolveUser, noUser),
  claim: (...events: DomainEvent[]) => foldEvents(recorded(events, 'email-x'), evolveEmailClaim, null),
  system: (...events: DomainEvent[]) => foldEvents(recorded(events, 'system'), evolveSystem, initialSystem),
};
const ada = fold.user(registered(7, 'ada@example.com'));
const adaClaim = fold.claim({ type: 'EmailClaimed', data: { user_id: 7 } });
const system = fold.system({ type: 'SuperAdminAssigned', data: { user_id: 1 } });
const command: DeleteAccount = { userId: 7, email: 'ada@example.com', confirmationMatches: true };
const decide = (overrides: Partial<DeleteAccount>, states = { user: ada, claim: adaClaim, system }) =>
  deleteAccountDecider.decide({ ...command, ...overrides }, states);

describe('deleting an account', () => {
  it('given an account holding its address, when its owner confirms, then AccountDeleted and the address released in one decision', () => {
    expect(decide({})).toEqual({ user: [{ type: 'AccountDeleted', data: { user_id: 7 } }], claim: [{ type: 'EmailReleased', data: { user_id: 7 } }] });
  });

  it('given a claim no longer the account’s, then only the account is deleted', () => {
    expect(
      decide({}, { user: ada, claim: fold.claim({ type: 'EmailClaimed', data: { user_id: 7 } }, { type: 'EmailReleased', data: { user_id: 7 } }), system })
        .claim,
    ).toEqual([]);
  });

  it('refuses a wrong confirmation, the super admin, an address changed meanwhile, and a second deletion', () => {
    expect(() => decide({ confirmationMatches: false })).toThrow(CONFIRMATION_MISMATCH);
    const root = fold.user(registered(1, 'root@example.com'));
    expect(() => deleteAccountDecider.decide({ userId: 1, email: 'root@example.com', confirmationMatches: true }, { user: root, claim: 1, system })).toThrow(
      SUPER_ADMIN_CANNOT_LEAVE,
    );
    const moved = fold.user(registered(7, 'ada@example.com'), {
      type: 'EmailChanged',
      data: { user_id: 7, email: 'ada@new.example', previous_email: 'ada@example.com' },
    });
    expect(() => decide({}, { user: moved, claim: adaClaim, system })).toThrow(CHANGED_MEANWHILE);
    const gone = fold.user(registered(7, 'ada@example.com'), { type: 'AccountDeleted', data: { user_id: 7 } });
    expect(() => decide({}, { user: gone, claim: null, system })).toThrow(ALREADY_DELETED);
  });

  it('given a deleted account, when an admin suspends or re-activates it, then it is refused', () => {
    const gone = fold.user(registered(7, 'ada@example.com'), { type: 'AccountDeleted', data: { user_id: 7 } });
    for (const action of ['suspend', 'ban', 'activate'] as const) {
      expect(() => decideUserStatus({ actorId: 1, actorRole: 'super_admin', userId: 7, action }, gone)).toThrow(USER_DELETED);
    }
  });
});
