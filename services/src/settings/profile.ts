import { normalizePhone, type DomainEvent } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { evolveSettingsUser, noSettingsUser, userStream, type SettingsUser } from './settings-user.ts';

export const PROFILE_UPDATED = 'Profile updated successfully.';
export const ACCOUNT_GONE = 'This account no longer exists.';

export interface UpdateProfile {
  userId: number;
  username: string;
  fullName: string;
  /** As typed ('' clears it); validated by the request schema, normalised here. */
  phone: string;
}

/** Given the account, when the owner saves the profile: one ProfileUpdated with the normalised values, or nothing when nothing changed. */
export function decideProfileUpdate(command: UpdateProfile, state: SettingsUser): DomainEvent[] {
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  const username = command.username.trim();
  const fullName = command.fullName.trim();
  const phone = command.phone.trim() === '' ? '' : (normalizePhone(command.phone) ?? '');
  if (username === state.username && fullName === state.fullName && phone === state.phone) return [];
  return [{ type: 'ProfileUpdated', data: { user_id: command.userId, username, full_name: fullName, phone } }];
}

export const profileDecider: Decider<UpdateProfile, SettingsUser> = {
  streamOf: (command) => userStream(command.userId),
  initialState: noSettingsUser,
  evolve: evolveSettingsUser,
  decide: decideProfileUpdate,
};
