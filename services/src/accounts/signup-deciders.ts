import type { DomainEvent, Role } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { forbidden } from '../commands/domain-error.ts';
import { evolveSystem, initialSystem, type SystemState } from './user-state.ts';

export const ADMINS_ONLY = 'Only an admin or super admin can view or change whether new users can register.';

function requireAdmin(role: Role): void {
  if (role !== 'admin' && role !== 'super_admin') throw forbidden(ADMINS_ONLY);
}

/** Given the system settings, when an admin toggles sign-up, then it flips, effective at once. */
function decideSignupToggle(role: Role, state: SystemState): DomainEvent[] {
  requireAdmin(role);
  return [{ type: 'SignupToggled', data: { enabled: !state.signupEnabled } }];
}

/** Opening or closing registration, on the installation's `system` stream. */
export const signupToggleDecider: Decider<{ role: Role }, SystemState> = {
  streamOf: () => 'system',
  initialState: initialSystem,
  evolve: evolveSystem,
  decide: (command, state) => decideSignupToggle(command.role, state),
};
