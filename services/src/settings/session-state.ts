import { createHash } from 'node:crypto';
import type { DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';

/**
 * A session's own stream: started, used now and then, maybe revoked. Named by a hash of its
 * token id, which stream names show wherever the log is browsed (admins' history).
 */
export const sessionStream = (jti: string) => `session-${createHash('sha256').update(jti).digest('hex')}`;

export interface SessionState {
  userId: number | null;
  expiresAt: string;
  /** When the session was last recorded as used (its start counts as a use). */
  lastUsedAt: string;
  revoked: boolean;
}

export const noSession: SessionState = { userId: null, expiresAt: '', lastUsedAt: '', revoked: false };

export function evolveSession(state: SessionState, event: DomainEvent, envelope: EventEnvelope): SessionState {
  switch (event.type) {
    case 'SessionStarted':
      return { ...state, userId: event.data.user_id, expiresAt: event.data.expires_at, lastUsedAt: envelope.metadata.at };
    case 'SessionUsed':
      return { ...state, lastUsedAt: envelope.metadata.at };
    case 'SessionRevoked':
      return { ...state, revoked: true };
    default:
      return state;
  }
}
