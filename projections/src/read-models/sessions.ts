import type { ReadModelHandlers } from './handlers.ts';

/** Signed-out tokens, by token id (jti): every authenticated request looks its token up here. */
export const REVOKED_SESSIONS = 'revoked_sessions';

export interface RevokedSessionView {
  [key: string]: unknown;
  id: string;
  user_id: number;
  /** After this the token is refused for its age anyway, so the entry may be pruned. */
  expires_at: string;
  revoked_at: string;
}

export const sessionIndexes = { [REVOKED_SESSIONS]: [['expires_at']] } as const;

export const sessionHandlers: ReadModelHandlers = {
  SessionRevoked({ user_id, jti, expires_at }, recorded, tx) {
    const view: RevokedSessionView = { id: jti, user_id, expires_at, revoked_at: recorded.metadata.at };
    tx.put(REVOKED_SESSIONS, view);
  },
};
