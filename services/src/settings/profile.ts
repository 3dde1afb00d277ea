import { normalizePhone, type DomainEvent } from '@linkledger/contracts';
import type { MultiStreamDecider } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { evolveSettingsUser, noSettingsUser, userStream, type SettingsUser } from './settings-user.ts';
import { evolveUsernameClaim, sameUsername, usernameStream } from '../accounts/index.ts';

export const PROFILE_UPDATED = 'Profile updated successfully.';
export const ACCOUNT_GONE = 'This account no longer exists.';
export const USERNAME_TAKEN = 'Username is already taken. Please choose another one.';
export const PROFILE_CHANGED_MEANWHILE = 'Your profile was changed at the same moment. Please try again.';

/**
 * A profile save: a field left out stays as it is, an empty full name or phone clears it
 * (docs/accounts.md#profile).
 */
export interface UpdateProfile {
  userId: number;
  username?: string;
  fullName?: string;
  /** As typed ('' clears it); validated by the request schema, normalised here. */
  phone?: string;
  /** The username the account shows, read before the cycle: its claim streams are named from it. */
  currentUsername: string;
  /** Another account shows the wanted username without holding its claim (its start name, or a name saved before claims). */
  shownByAnother: boolean;
  /** An account that held the wanted name's claim and has since been deleted: its claim no longer counts. */
  deletedHolder?: number;
}

export type ProfileStates = {
  user: SettingsUser;
  /** Who holds the wanted username's claim. */
  wanted: number | null;
  /** Who holds the current username's claim. */
  current: number | null;
};

/**
 * Given the account and the two username claims, when the owner saves the profile: one
 * ProfileUpdated with the values in force afterwards (or nothing when nothing changed); a
 * new username is claimed and the old one's claim released in the same append. A username
 * another account holds or shows, in any case, is refused.
 */
export function decideProfileUpdate(command: UpdateProfile, states: ProfileStates): { user?: DomainEvent[]; wanted?: DomainEvent[]; current?: DomainEvent[] } {
  const { user: state } = states;
  if (state.user.id === null || state.user.deleted) throw notFound(ACCOUNT_GONE);
  if (state.username !== command.currentUsername) throw conflict(PROFILE_CHANGED_MEANWHILE);
  const username = command.username?.trim() ?? state.username;
  const fullName = command.fullName?.trim() ?? state.fullName;
  const phone = command.phone === undefined ? state.phone : command.phone.trim() === '' ? '' : (normalizePhone(command.phone) ?? '');
  const claims: { wanted?: DomainEvent[]; current?: DomainEvent[] } = {};
  if (!sameUsername(username, state.username)) {
    const heldByAnother = states.wanted !== null && states.wanted !== command.userId && states.wanted !== command.deletedHolder;
    if (heldByAnother || command.shownByAnother) throw conflict(USERNAME_TAKEN);
    claims.wanted = states.wanted === command.userId ? [] : [{ type: 'UsernameClaimed', data: { user_id: command.userId } }];
    claims.current = states.current === command.userId ? [{ type: 'UsernameReleased', data: { user_id: command.userId } }] : [];
  }
  if (username === state.username && fullName === state.fullName && phone === state.phone) return {};
  return { user: [{ type: 'ProfileUpdated', data: { user_id: command.userId, username, full_name: fullName, phone } }], ...claims };
}

export const profileDecider: MultiStreamDecider<UpdateProfile, ProfileStates> = {
  streamsOf: (command) => ({
    user: { stream: userStream(command.userId), initialState: noSettingsUser, evolve: evolveSettingsUser },
    wanted: { stream: usernameStream(command.username ?? command.currentUsername), initialState: null, evolve: evolveUsernameClaim },
    current: { stream: usernameStream(command.currentUsername), initialState: null, evolve: evolveUsernameClaim },
  }),
  decide: decideProfileUpdate,
};
