import type { RecordedEvent } from '@linkledger/contracts';
import { profileUserAgentCached } from '../clicks/user-agent.ts';
import type { ReadModelHandlers, ReadModelPrefetch } from './handlers.ts';
import type { UnitOfWork } from './unit-of-work.ts';

/** Each user's signed-in sessions (docs/accounts.md#active-sessions), one document per user. */
export const USER_SESSIONS = 'user_sessions';

/** Kept per user, newest first; an older one beyond it still works until it expires or a "sign out others". */
const MAX_LISTED_SESSIONS = 100;

interface ActiveSessionEntry {
  jti: string;
  user_agent: string;
  browser: string;
  os: string;
  device: 'desktop' | 'mobile' | 'tablet' | 'other';
  started_at: string;
  last_used_at: string;
  expires_at: string;
}

export interface UserSessionsView {
  [key: string]: unknown;
  id: number;
  sessions: ActiveSessionEntry[];
}

export const userSessionIndexes = { [USER_SESSIONS]: [] } as const;

async function change(tx: UnitOfWork, userId: number, at: string, edit: (sessions: ActiveSessionEntry[]) => ActiveSessionEntry[]) {
  const doc = await tx.get<UserSessionsView>(USER_SESSIONS, userId);
  // Expired sessions are dropped whenever the document changes.
  const live = (doc?.sessions ?? []).filter((session) => session.expires_at > at);
  const sessions = edit(live).slice(0, MAX_LISTED_SESSIONS);
  if (sessions.length === 0) {
    if (doc) tx.delete(USER_SESSIONS, userId);
    return;
  }
  tx.put(USER_SESSIONS, { id: userId, sessions } satisfies UserSessionsView);
}

/** A password change or "sign out others": every session started before it ends, but the kept one. */
const endOlder = (recorded: RecordedEvent, kept: string | undefined) => (sessions: ActiveSessionEntry[]) =>
  sessions.filter((session) => session.jti === kept || session.started_at >= recorded.metadata.at);

export const userSessionHandlers: ReadModelHandlers = {
  async SessionStarted({ user_id, jti, expires_at, user_agent }, recorded, tx) {
    const at = recorded.metadata.at;
    // Parsed here, off the sign-in path; the raw agent stays in the log for a better parser later.
    const profile = profileUserAgentCached(user_agent);
    const entry: ActiveSessionEntry = {
      jti,
      user_agent,
      browser: profile.browser,
      os: profile.os,
      device: profile.device,
      started_at: at,
      last_used_at: at,
      expires_at,
    };
    await change(tx, user_id, at, (sessions) => [entry, ...sessions.filter((session) => session.jti !== jti)]);
  },
  async SessionUsed({ user_id, jti }, recorded, tx) {
    const at = recorded.metadata.at;
    await change(tx, user_id, at, (sessions) => sessions.map((session) => (session.jti === jti ? { ...session, last_used_at: at } : session)));
  },
  async SessionRevoked({ user_id, jti }, recorded, tx) {
    await change(tx, user_id, recorded.metadata.at, (sessions) => sessions.filter((session) => session.jti !== jti));
  },
  async PasswordChanged({ user_id, kept_jti }, recorded, tx) {
    await change(tx, user_id, recorded.metadata.at, endOlder(recorded, kept_jti));
  },
  async OtherSessionsRevoked({ user_id, kept_jti }, recorded, tx) {
    await change(tx, user_id, recorded.metadata.at, endOlder(recorded, kept_jti));
  },
  async AllSessionsRevoked({ user_id }, recorded, tx) {
    await change(tx, user_id, recorded.metadata.at, endOlder(recorded, undefined));
  },
  AccountDeleted({ user_id }, _recorded, tx) {
    // The user agents are the account's data: nothing of them stays.
    tx.delete(USER_SESSIONS, user_id);
  },
};

export const prefetchUserSessions: ReadModelPrefetch = async (batch, tx) => {
  const users = new Set<number>();
  for (const { event } of batch) {
    switch (event.type) {
      case 'SessionStarted':
      case 'SessionUsed':
      case 'SessionRevoked':
      case 'PasswordChanged':
      case 'OtherSessionsRevoked':
      case 'AllSessionsRevoked':
        users.add(event.data.user_id);
    }
  }
  await tx.prefetch(USER_SESSIONS, users);
};
