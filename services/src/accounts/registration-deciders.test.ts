import { describe, expect, it } from 'vitest';
import { DomainError } from '../commands/domain-error.ts';
import { EMAIL_TAKEN, SIGNUP_DISABLED, decideRegistration } from './registration-deciders.ts';

const command = { userId: 1, email: 'ada@example.com', passwordHash: 'scrypt$…' };
const open = { emailTaken: false, superAdminExists: true, signupEnabled: true };

describe('decideRegistration', () => {
  it('given a fresh installation, when someone registers, then they become super admin', () => {
    const events = decideRegistration(command, { ...open, superAdminExists: false });
    expect(events.map((e) => e.type)).toEqual(['EmailClaimed', 'UserRegistered', 'SuperAdminAssigned']);
    expect(events[1]).toMatchObject({ data: { role: 'super_admin', email: 'ada@example.com' } });
  });

  it('given a super admin exists, when someone registers, then they are a user', () => {
    const events = decideRegistration({ ...command, userId: 2 }, open);
    expect(events.map((e) => e.type)).toEqual(['EmailClaimed', 'UserRegistered']);
    expect(events[1]).toMatchObject({ data: { role: 'user', user_id: 2 } });
  });

  it('given another account has the address’s own name, when someone registers, then the account starts with the free numbered one', () => {
    const events = decideRegistration({ ...command, userId: 3, fullName: 'Ada', username: 'ada-2' }, open);
    expect(events.map((e) => e.type)).toEqual(['EmailClaimed', 'UserRegistered', 'ProfileUpdated']);
    expect(events[2]).toEqual({ type: 'ProfileUpdated', data: { user_id: 3, username: 'ada-2', full_name: 'Ada', phone: '' } });
  });

  it('given the email is taken, when someone registers with it, then it is refused', () => {
    expect(() => decideRegistration(command, { ...open, emailTaken: true })).toThrow(DomainError);
    expect(() => decideRegistration(command, { ...open, emailTaken: true })).toThrow(EMAIL_TAKEN);
  });

  it('given sign-up is disabled, when someone registers, then it is refused with 403', () => {
    let refused: unknown;
    try {
      decideRegistration(command, { ...open, signupEnabled: false });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ refusal: 'forbidden', detail: SIGNUP_DISABLED });
  });

  it('given a provider vouched for the address, when the account is created, then it starts verified', () => {
    const events = decideRegistration({ ...command, userId: 3, emailVerifiedByProvider: true }, open);
    expect(events.map((e) => e.type)).toEqual(['EmailClaimed', 'UserRegistered', 'EmailVerified']);
    expect(events[2]).toEqual({ type: 'EmailVerified', data: { user_id: 3, via: 'oauth' } });
  });
});
