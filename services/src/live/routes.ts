import type { FastifyInstance } from 'fastify';
import { LiveClientMessage, type LiveServerMessage } from '@linkledger/contracts';
import { readToken } from '../accounts/tokens.ts';
import type { Platform } from '../platform/platform.ts';
import type { LiveHub } from './hub.ts';

const AUTH_TIMEOUT_MS = 10_000;

/** /api/live: the first message must be {"type":"auth","token":…}; then clicks are pushed. */
export async function liveRoutes(app: FastifyInstance, platform: Platform, hub: LiveHub) {
  app.get('/api/live', { websocket: true, schema: { hide: true } }, (socket) => {
    const send = (message: LiveServerMessage) => socket.send(JSON.stringify(message));
    let userId: number | null = null;
    const member = { send: (text: string) => socket.send(text) };
    const timer = setTimeout(() => socket.close(4401, 'Authentication timed out'), AUTH_TIMEOUT_MS);

    socket.on('message', (raw: Buffer) => {
      if (userId !== null) return;
      let parsed: ReturnType<typeof LiveClientMessage.safeParse>;
      try {
        parsed = LiveClientMessage.safeParse(JSON.parse(raw.toString()));
      } catch {
        parsed = LiveClientMessage.safeParse(null);
      }
      const claims = parsed.success ? readToken(platform.secret, parsed.data.token) : null;
      if (!claims) {
        send({ type: 'error', detail: 'Send {"type":"auth","token":"<access token>"} with a valid token first.' });
        socket.close(4401, 'Unauthorized');
        return;
      }
      clearTimeout(timer);
      userId = claims.userId;
      hub.add(userId, member).then(
        () => send({ type: 'ready' }),
        (error: unknown) => {
          app.log.error({ err: error }, 'Live subscription failed');
          socket.close(1011, 'Live updates unavailable');
        },
      );
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (userId !== null) hub.remove(userId, member);
    });
  });
}
