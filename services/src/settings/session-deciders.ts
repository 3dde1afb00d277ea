import type { DomainEvent } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { notFound } from '../commands/domain-error.ts';
import { evolveSession, noSession, sessionStream, type SessionState } from './session-state.ts';

/** At most one SessionUsed per session per this interval (docs/accounts.md#active-sessions). */
export const SESSION_USE_INTERVAL_MS = 60 * 60 * 1000;

/** The longest user agent kept: enough to tell a browser, never an unbounded header. */
export const USER_AGENT_MAX = 512;

export const SESSION_NOT_FOUND = 'Session not found. It may have ended already.';

interface UseSession {
  userId: number;
  jti: string;
  expiresAt: Date;
  userAgent: string;
  now: Date;
}

/**
 * Given the session's stream, when its token authenticates a request: a session with no
 * record (a token issued before sessions were recorded) is started now; a known one is
 * marked used if its last recorded use is an hour old or more; otherwise nothing.
 */
export function decideSessionUse(command: UseSession, state: SessionState): DomainEvent[] {
  if (state.userId === null) {
    return [
      {
        type: 'SessionStarted',
        data: {
          user_id: command.userId,
          jti: command.jti,
          expires_at: command.expiresAt.toISOString(),
          user_agent: command.userAgent.slice(0, USER_AGENT_MAX),
        },
      },
    ];
  }
  if (state.revoked || state.userId !== command.userId) return [];
  if (command.now.getTime() - Date.parse(state.lastUsedAt) < SESSION_USE_INTERVAL_MS) return [];
  return [{ type: 'SessionUsed', data: { user_id: command.userId, jti: command.jti } }];
}

export const sessionUseDecider: Decider<UseSession, SessionState> = {
  streamOf: (command) => sessionStream(command.jti),
  initialState: noSession,
  evolve: evolveSession,
  decide: decideSessionUse,
};

/** Signs out one of the caller's own sessions; someone else's is as unknown as a made-up id. */
export function decideSessionRevoke(command: { userId: number; jti: string }, state: SessionState): DomainEvent[] {
  if (state.userId !== command.userId || state.revoked) throw notFound(SESSION_NOT_FOUND);
  return [{ type: 'SessionRevoked', data: { user_id: command.userId, jti: command.jti, expires_at: state.expiresAt } }];
}

export const sessionRevokeDecider: Decider<{ userId: number; jti: string }, SessionState> = {
  streamOf: (command) => sessionStream(command.jti),
  initialState: noSession,
  evolve: evolveSession,
  decide: decideSessionRevoke,
};
