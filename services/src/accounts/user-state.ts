import { upcast, type RecordedEvent, type Role } from '@linkledger/contracts';

/** What the write side knows of one user, folded from the `user-{id}` stream. */
export interface UserState {
  id: number | null;
  email: string;
  passwordHash: string;
  role: Role;
}

export const noUser: UserState = { id: null, email: '', passwordHash: '', role: 'user' };

export function evolveUser(state: UserState, recorded: RecordedEvent): UserState {
  const event = upcast(recorded.type, recorded.version, recorded.data);
  if (event?.type === 'UserRegistered') {
    return { id: event.data.user_id, email: event.data.email, passwordHash: event.data.password_hash, role: event.data.role };
  }
  return state;
}

/** Whether the installation already has its super admin, folded from the `system` stream. */
export function evolveSystem(state: { superAdminId: number | null }, recorded: RecordedEvent) {
  const event = upcast(recorded.type, recorded.version, recorded.data);
  return event?.type === 'SuperAdminAssigned' ? { superAdminId: event.data.user_id } : state;
}
