import { describe, expect, it } from 'vitest';
import { HttpError } from '../platform/http-errors.ts';
import { EMAIL_TAKEN, decideRegistration } from './register.ts';

const command = { userId: 1, email: 'ada@example.com', passwordHash: 'scrypt$…' };

describe('decideRegistration', () => {
  it('given a fresh installation, when someone registers, then they become super admin', () => {
    const events = decideRegistration(command, { emailTaken: false, superAdminExists: false });
    expect(events.map((e) => e.type)).toEqual(['EmailClaimed', 'UserRegistered', 'SuperAdminAssigned']);
    expect(events[1]).toMatchObject({ data: { role: 'super_admin', email: 'ada@example.com' } });
  });

  it('given a super admin exists, when someone registers, then they are a user', () => {
    const events = decideRegistration({ ...command, userId: 2 }, { emailTaken: false, superAdminExists: true });
    expect(events.map((e) => e.type)).toEqual(['EmailClaimed', 'UserRegistered']);
    expect(events[1]).toMatchObject({ data: { role: 'user', user_id: 2 } });
  });

  it('given the email is taken, when someone registers with it, then it is refused', () => {
    expect(() => decideRegistration(command, { emailTaken: true, superAdminExists: true })).toThrow(HttpError);
    expect(() => decideRegistration(command, { emailTaken: true, superAdminExists: true })).toThrow(EMAIL_TAKEN);
  });
});
