import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { LiveClientMessage, WORKSPACE_NOT_FOUND, type LiveServerMessage } from '@linkledger/contracts';
import { checkToken } from '../accounts/index.ts';
import { accountRefusalOnly } from '../http/account-status.ts';
import { roleRefusal } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { MAX_SOCKETS_PER_USER, type LiveHub, type LiveSocket } from './hub.ts';

const AUTH_TIMEOUT_MS = 10_000;
export const TOO_MANY_SOCKETS = { code: 4429, reason: `Too many live connections for this account (${MAX_SOCKETS_PER_USER}). Close another tab.` } as const;
const UNAUTHORIZED = { code: 4401, reason: 'Unauthorized' } as const;

/** Sending to a socket that is closing must not throw into the caller. */
function safely(socket: WebSocket, act: () => void): void {
  try {
    act();
  } catch {
    socket.terminate();
  }
}

/**
 * /api/live: the first message must be {"type":"auth","token":…}, checked like a REST
 * call's bearer token (revoked, outdated and forged tokens are refused); then clicks are
 * pushed. The hub closes the socket as soon as its session ends.
 */
export async function liveRoutes(app: FastifyInstance, platform: Platform, hub: LiveHub) {
  // access 'anyone': the socket authenticates its first message, with the same check as a bearer token.
  app.get('/api/live', { websocket: true, config: { access: 'anyone' }, schema: { hide: true } }, (socket) => {
    const send = (message: LiveServerMessage) => safely(socket, () => socket.send(JSON.stringify(message)));
    const close = (code: number, reason: string) => safely(socket, () => socket.close(code, reason));
    let member: LiveSocket | null = null;
    let authenticating = false;
    const timer = setTimeout(() => close(4401, 'Authentication timed out'), AUTH_TIMEOUT_MS);

    const authenticate = async (raw: Buffer) => {
      let parsed: ReturnType<typeof LiveClientMessage.safeParse>;
      try {
        parsed = LiveClientMessage.safeParse(JSON.parse(raw.toString()));
      } catch {
        parsed = LiveClientMessage.safeParse(null);
      }
      const checked = parsed.success ? await checkToken(platform, parsed.data.token) : null;
      if (!checked || !parsed.success || 'refusal' in checked) {
        // A suspended or banned account is told why; anything else gets the general instruction.
        const refusal = checked && 'refusal' in checked ? accountRefusalOnly(checked.refusal) : null;
        send({ type: 'error', detail: refusal ?? 'Send {"type":"auth","token":"<access token>"} with a valid token first.' });
        return close(UNAUTHORIZED.code, refusal ?? UNAUTHORIZED.reason);
      }
      const session = checked.session;
      clearTimeout(timer);
      if (socket.readyState !== socket.OPEN) return;
      if (hub.count(session.userId) >= MAX_SOCKETS_PER_USER) {
        send({ type: 'error', detail: TOO_MANY_SOCKETS.reason });
        return close(TOO_MANY_SOCKETS.code, TOO_MANY_SOCKETS.reason);
      }
      // The personal workspace when none is named (docs/workspaces.md#live-clicks).
      const workspaceId = parsed.data.workspace_id ?? session.userId;
      const { role, allowed } = await hub.mayWatch(session.userId, workspaceId);
      if (!allowed) {
        const detail = role === null ? WORKSPACE_NOT_FOUND : roleRefusal(role);
        send({ type: 'error', detail });
        return close(role === null ? 4404 : 4403, detail);
      }
      if (socket.readyState !== socket.OPEN) return;
      member = { userId: session.userId, workspaceId, token: parsed.data.token, send: (text) => safely(socket, () => socket.send(text)), end: close };
      await hub.add(member);
      send({ type: 'ready' });
    };

    socket.on('message', (raw: Buffer) => {
      if (member !== null || authenticating) return;
      authenticating = true;
      authenticate(raw)
        .catch((error: unknown) => {
          app.log.error({ err: error }, 'Live subscription failed');
          close(1011, 'Live updates unavailable');
        })
        .finally(() => {
          authenticating = false;
        });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (member !== null) hub.remove(member);
    });
  });
}
