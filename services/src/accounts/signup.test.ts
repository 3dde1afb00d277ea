import { describe, expect, it } from 'vitest';
import { ADMINS_ONLY, decideSignupToggle } from './signup.ts';
import { initialSystem } from './user-state.ts';

describe('decideSignupToggle', () => {
  it('given sign-up is open (the default), when an admin toggles, then it closes', () => {
    expect(decideSignupToggle('admin', initialSystem)).toEqual([{ type: 'SignupToggled', data: { enabled: false } }]);
  });

  it('given sign-up is closed, when a super admin toggles, then it opens', () => {
    expect(decideSignupToggle('super_admin', { ...initialSystem, signupEnabled: false })).toEqual([{ type: 'SignupToggled', data: { enabled: true } }]);
  });

  it('given a plain user, when they toggle, then it is refused', () => {
    expect(() => decideSignupToggle('user', initialSystem)).toThrow(ADMINS_ONLY);
  });
});
