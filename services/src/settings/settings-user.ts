import { defaultUsername, domainEventOf, type RecordedEvent } from '@linkledger/contracts';
import { evolveUser, noUser, type UserState } from '../accounts/user-state.ts';

/** The account as the settings decide on it: the write side's user plus the profile and a pending e-mail change. */
export interface SettingsUser {
  user: UserState;
  username: string;
  fullName: string;
  phone: string;
  /** Where the latest change link went, until it is followed; only that link can change the address. */
  pendingEmail: string | null;
}

export const noSettingsUser: SettingsUser = { user: noUser, username: '', fullName: '', phone: '', pendingEmail: null };

export function evolveSettingsUser(state: SettingsUser, recorded: RecordedEvent): SettingsUser {
  const next = { ...state, user: evolveUser(state.user, recorded) };
  const event = domainEventOf(recorded);
  switch (event?.type) {
    case 'UserRegistered':
      return { ...next, username: defaultUsername(event.data.email), fullName: event.data.full_name ?? '' };
    case 'ProfileUpdated':
      return { ...next, username: event.data.username, fullName: event.data.full_name, phone: event.data.phone };
    case 'EmailChangeRequested':
      return { ...next, pendingEmail: event.data.new_email };
    case 'EmailChanged':
      return { ...next, pendingEmail: null };
    default:
      return next;
  }
}

export const userStream = (userId: number) => `user-${userId}`;
