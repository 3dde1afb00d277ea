import type { Decider } from '../commands/command-handler.ts';

/** Signing out ends exactly one session: its token id is refused until the token would have expired anyway. */
export const logoutDecider: Decider<{ userId: number; jti: string; expiresAt: Date }, null> = {
  streamOf: (command) => `user-${command.userId}`,
  initialState: null,
  evolve: (state) => state,
  decide: (command) => [{ type: 'SessionRevoked', data: { user_id: command.userId, jti: command.jti, expires_at: command.expiresAt.toISOString() } }],
};
