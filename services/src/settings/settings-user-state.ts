import { defaultUsername, type DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';
import { evolveApiKey, noApiKeyState, type ApiKeyState } from '../api-keys/index.ts';
import { evolveUser, noUser, type UserState } from '../accounts/index.ts';

/** The account as the settings decide on it: the write side's user (with any pending e-mail change) plus the profile and the API key. */
export interface SettingsUser {
  user: UserState;
  username: string;
  fullName: string;
  phone: string;
  /** The account's API key: a password change may revoke it. */
  keys: ApiKeyState;
}

export const noSettingsUser: SettingsUser = { user: noUser, username: '', fullName: '', phone: '', keys: noApiKeyState };

export function evolveSettingsUser(state: SettingsUser, event: DomainEvent, envelope: EventEnvelope): SettingsUser {
  const next = { ...state, user: evolveUser(state.user, event, envelope), keys: evolveApiKey(state.keys, event) };
  switch (event.type) {
    case 'UserRegistered':
      return { ...next, username: defaultUsername(event.data.email), fullName: event.data.full_name ?? '' };
    case 'ProfileUpdated':
      return { ...next, username: event.data.username, fullName: event.data.full_name, phone: event.data.phone };
    default:
      return next;
  }
}

export const userStream = (userId: number) => `user-${userId}`;
