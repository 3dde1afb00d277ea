import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { USER_DELETED, userStatusDecider } from '../admin/user-moderation-deciders.ts';
import {
  ALREADY_DELETED,
  CHANGED_MEANWHILE,
  CONFIRMATION_MISMATCH,
  SUPER_ADMIN_CANNOT_LEAVE,
  deleteAccountDecider,
  type DeleteAccount,
} from './account-deletion-deciders.ts';

const registered = (id: number, email: string): DomainEvent => ({
  type: 'UserRegistered',
  data: { user_id: id, email, password_hash: 'scrypt$x', role: id === 1 ? 'super_admin' : 'user' },
});
const deletions = deciderSpec(deleteAccountDecider);
const ada = [registered(7, 'ada@example.com')];
const adaClaim: DomainEvent[] = [{ type: 'EmailClaimed', data: { user_id: 7 } }];
const system: DomainEvent[] = [{ type: 'SuperAdminAssigned', data: { user_id: 1 } }];
const gone: DomainEvent[] = [...ada, { type: 'AccountDeleted', data: { user_id: 7 } }];
const command: DeleteAccount = { userId: 7, email: 'ada@example.com', confirmationMatches: true };
const decide = (overrides: Partial<DeleteAccount>, histories = { user: ada, claim: adaClaim, system }) =>
  deletions.given(histories).when({ ...command, ...overrides });

describe('deleting an account', () => {
  it('given an account holding its address, when its owner confirms, then AccountDeleted and the address released in one decision', () => {
    decide({}).then({ user: [{ type: 'AccountDeleted', data: { user_id: 7 } }], claim: [{ type: 'EmailReleased', data: { user_id: 7 } }] });
  });

  it('given a claim no longer the account’s, then only the account is deleted', () => {
    expect(decide({}, { user: ada, claim: [...adaClaim, { type: 'EmailReleased', data: { user_id: 7 } }], system }).events.claim).toEqual([]);
  });

  it('refuses a wrong confirmation, the super admin, an address changed meanwhile, and a second deletion', () => {
    decide({ confirmationMatches: false }).thenThrows(CONFIRMATION_MISMATCH);
    deletions
      .given({ user: [registered(1, 'root@example.com')], claim: [{ type: 'EmailClaimed', data: { user_id: 1 } }], system })
      .when({ userId: 1, email: 'root@example.com', confirmationMatches: true })
      .thenThrows(SUPER_ADMIN_CANNOT_LEAVE);
    const moved: DomainEvent[] = [...ada, { type: 'EmailChanged', data: { user_id: 7, email: 'ada@new.example', previous_email: 'ada@example.com' } }];
    decide({}, { user: moved, claim: adaClaim, system }).thenThrows(CHANGED_MEANWHILE);
    decide({}, { user: gone, claim: [], system }).thenThrows(ALREADY_DELETED);
  });

  it('given a deleted account, when an admin suspends or re-activates it, then it is refused', () => {
    for (const action of ['suspend', 'ban', 'activate'] as const) {
      deciderSpec(userStatusDecider).given(gone).when({ actorId: 1, actorRole: 'super_admin', userId: 7, action }).thenThrows(USER_DELETED);
    }
  });
});
