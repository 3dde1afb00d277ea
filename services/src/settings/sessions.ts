import { randomUUID } from 'node:crypto';
import type { Role } from '@linkledger/contracts';
import { USERS, type UserView } from '@linkledger/projections';
import { NO_READ_MODEL, handleCommand, type CommandDeps } from '../commands/command-handler.ts';
import type { CommandContext } from '../commands/command-context.ts';
import { recordFact } from '../commands/record-fact.ts';
import { waitForReadModel } from '../commands/read-your-writes.ts';
import type { Platform } from '../platform/platform.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { SessionToken } from '../http/access.ts';
import { issueToken, readToken } from '../accounts/index.ts';
import { SESSION_USE_INTERVAL_MS, USER_AGENT_MAX, sessionUseDecider } from './session-deciders.ts';
import { sessionStream } from './session-state.ts';

/**
 * Issues an access token and records its session (SessionStarted on `session-{jti}`) in
 * one step, so every sign-in shows up in the owner's list of active sessions. The answer
 * waits for the read model, so the list read next includes it.
 *
 * The token is never dated before the account's last password change or sign-out
 * everywhere: after a wall clock stepped back, a session started after the change would
 * otherwise look older than it and be refused (docs/architecture.md#time).
 */
export async function startSession(
  platform: CommandDeps & Pick<Platform, 'secret' | 'read'>,
  context: CommandContext,
  claims: { userId: number; role: Role },
  userAgent: string | undefined,
): Promise<string> {
  const validAfter = (await platform.read.get<UserView>(USERS, claims.userId))?.sessions_valid_after;
  const issuedAt = validAfter && Date.parse(validAfter) > context.now.getTime() ? new Date(validAfter) : context.now;
  const token = issueToken(platform.secret, claims, issuedAt);
  const session = readToken(platform.secret, token, issuedAt)!;
  const started = {
    type: 'SessionStarted',
    data: { user_id: claims.userId, jti: session.jti, expires_at: session.expiresAt.toISOString(), user_agent: (userAgent ?? '').slice(0, USER_AGENT_MAX) },
  } as const;
  const asUser: CommandContext = { ...context, actor: { kind: 'user', id: String(claims.userId) } };
  const { position } = await recordFact(platform.events, asUser, { stream: sessionStream(session.jti), event: started, expected: 'no_stream' });
  await waitForReadModel(platform, position);
  return token;
}

/**
 * Records that a session is in use, from the authentication path, cheaply: this process
 * remembers when it last saw each session recorded, so a request costs nothing more until
 * that is an hour old; then the session's stream decides (an append at the revision read,
 * so several processes together still record one use an hour). Recording never delays or
 * fails the request: it runs after, and a failure is only logged.
 */
class SessionUseRecorder {
  private readonly recent = new Map<string, number>();
  private readonly pending = new Set<Promise<void>>();

  constructor(private readonly platform: Platform) {}

  touch(session: SessionToken, userAgent: string | undefined, onError: (error: unknown) => void): void {
    // Counted on the monotonic clock: a wall clock stepped back does not stop the recording.
    const tick = this.platform.monotonic();
    const seen = this.recent.get(session.jti);
    if (seen !== undefined && tick - seen < SESSION_USE_INTERVAL_MS) return;
    if (this.recent.size >= 50_000) this.recent.clear();
    this.recent.set(session.jti, tick);
    const now = this.platform.clock();
    const context: CommandContext = { actor: { kind: 'user', id: String(session.userId) }, correlationId: randomUUID(), now };
    // Nothing waits for the read model: the request this rides on has its answer already.
    const work = handleCommand({ events: this.platform.events, ...NO_READ_MODEL }, context, sessionUseDecider, {
      userId: session.userId,
      jti: session.jti,
      expiresAt: session.expiresAt,
      userAgent: userAgent ?? '',
      now,
    })
      .then(() => undefined)
      .catch((error: unknown) => {
        // Lost to another process (it recorded the use) or the store is down: try again later.
        this.recent.delete(session.jti);
        onError(error);
      });
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work));
  }

  /** Resolves once every recording under way is done (closing the app waits for it). */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }
}

export const sessionUse = perPlatform((platform) => new SessionUseRecorder(platform));
