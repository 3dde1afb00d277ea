import { describe, expect, it } from 'vitest';
import type { Role } from '@linkledger/contracts';
import { USER_NOT_FOUND } from '../accounts/user-state.ts';
import { NOT_ON_SUPER_ADMIN, ONLY_SUPER_ADMIN_ON_ADMINS, mayActOnAccount } from './who-acts-on-whom.ts';

const account = (id: number, role: Role) => ({ id, role });
const admin = { actorId: 2, actorRole: 'admin' as const };
const superAdmin = { actorId: 1, actorRole: 'super_admin' as const };

describe('who acts on whom', () => {
  it('given an ordinary user, when an admin or the super admin acts on them, then it is allowed', () => {
    expect(() => mayActOnAccount(admin, account(9, 'user'))).not.toThrow();
    expect(() => mayActOnAccount(superAdmin, account(9, 'user'))).not.toThrow();
  });

  it('given another admin, when an admin acts on them, then it is refused; the super admin may', () => {
    expect(() => mayActOnAccount(admin, account(3, 'admin'))).toThrow(ONLY_SUPER_ADMIN_ON_ADMINS);
    expect(() => mayActOnAccount(superAdmin, account(3, 'admin'))).not.toThrow();
  });

  it('given the super admin’s account, when anyone else acts on it, then it is refused; the super admin may', () => {
    expect(() => mayActOnAccount(admin, account(1, 'super_admin'))).toThrow(NOT_ON_SUPER_ADMIN);
    expect(() => mayActOnAccount(superAdmin, account(1, 'super_admin'))).not.toThrow();
  });

  it('given their own account, when an admin acts on it, then it is allowed; an account that does not exist is not found', () => {
    expect(() => mayActOnAccount(admin, account(2, 'admin'))).not.toThrow();
    expect(() => mayActOnAccount(admin, { id: null, role: 'user' })).toThrow(USER_NOT_FOUND);
  });
});
