import { describe, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { ADMINS_ONLY, signupToggleDecider } from './signup-deciders.ts';

const toggles = deciderSpec(signupToggleDecider, 'system');

describe('decideSignupToggle', () => {
  it('given sign-up is open (the default), when an admin toggles, then it closes', () => {
    toggles
      .given([])
      .when({ role: 'admin' })
      .then([{ type: 'SignupToggled', data: { enabled: false } }]);
  });

  it('given sign-up is closed, when a super admin toggles, then it opens', () => {
    toggles
      .given([{ type: 'SignupToggled', data: { enabled: false } }])
      .when({ role: 'super_admin' })
      .then([{ type: 'SignupToggled', data: { enabled: true } }]);
  });

  it('given a plain user, when they toggle, then it is refused', () => {
    toggles.given([]).when({ role: 'user' }).thenThrows(ADMINS_ONLY);
  });
});
