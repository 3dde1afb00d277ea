import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { EventTailClientMessage, type EventTailServerMessage, type Subscription } from '@linkledger/contracts';
import { checkToken } from '../accounts/index.ts';
import { isAdmin } from '../http/access.ts';
import type { Platform } from '../platform/platform.ts';
import { resolvedFilter } from './event-page.ts';
import { toHistoryEvent } from './event-view.ts';
import { ADMINS_READ_HISTORY } from './routes.ts';

const AUTH_TIMEOUT_MS = 10_000;
/** How often an open tail checks that its token still belongs to an admin. */
const RECHECK_MS = 15_000;
/** At most this many events per message and a few messages a second: a burst of clicks is thinned, not queued. */
const MAX_PER_MESSAGE = 100;
const MESSAGE_INTERVAL_MS = 250;

/**
 * /api/admin/events/live: the event browser's live tail. The first message authenticates
 * (an admin's token) and carries the filters; then every new matching event is pushed, from
 * an event-store subscription like the live hub's (docs/admin.md#event-history).
 */
export async function eventTailRoutes(app: FastifyInstance, platform: Platform) {
  // access 'anyone': the socket authenticates its first message, as /api/live does.
  app.get('/api/admin/events/live', { websocket: true, config: { access: 'anyone' }, schema: { hide: true } }, (socket: WebSocket) => {
    const send = (message: EventTailServerMessage) => {
      try {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
      } catch {
        socket.terminate();
      }
    };
    const close = (code: number, reason: string) => {
      try {
        socket.close(code, reason);
      } catch {
        socket.terminate();
      }
    };
    let subscription: Subscription | undefined;
    let recheck: NodeJS.Timeout | undefined;
    let started = false;
    const timer = setTimeout(() => close(4401, 'Authentication timed out'), AUTH_TIMEOUT_MS);

    /** Why the token cannot tail the history, or null when it can. */
    const refusalOf = async (token: string): Promise<string | null> => {
      const checked = await checkToken(platform, token);
      if ('refusal' in checked) return checked.refusal;
      return isAdmin(checked.session.role) ? null : ADMINS_READ_HISTORY;
    };

    const start = async (raw: Buffer) => {
      let parsed: ReturnType<typeof EventTailClientMessage.safeParse>;
      try {
        parsed = EventTailClientMessage.safeParse(JSON.parse(raw.toString()));
      } catch {
        parsed = EventTailClientMessage.safeParse(null);
      }
      if (!parsed.success) {
        send({ type: 'error', detail: 'Send {"type":"auth","token":"<access token>","filter":{…}} first.' });
        return close(4400, 'Bad first message');
      }
      const refusal = await refusalOf(parsed.data.token);
      if (refusal) {
        send({ type: 'error', detail: refusal });
        return close(4401, 'Unauthorized');
      }
      clearTimeout(timer);
      const head = await platform.events.headPosition();
      const filter = await resolvedFilter(platform.events, parsed.data.filter);
      // The socket may have closed while the head and filter were read: then nothing starts.
      if (socket.readyState !== socket.OPEN) return;
      subscription = platform.events.subscribe({ after: head, filter, batchSize: 1000, lingerMs: MESSAGE_INTERVAL_MS }, async (batch) => {
        if (batch.length === 0) return;
        const shown = batch.slice(-MAX_PER_MESSAGE);
        send({ type: 'events', events: shown.map(toHistoryEvent), skipped: batch.length - shown.length });
      });
      subscription.done.catch((error: unknown) => {
        app.log.error({ err: error }, 'History live tail failed');
        close(1011, 'Live tail unavailable');
      });
      recheck = setInterval(() => {
        refusalOf(parsed.data.token)
          .then((why) => why && (send({ type: 'error', detail: why }), close(4401, why)))
          .catch(() => undefined);
      }, RECHECK_MS);
      send({ type: 'ready', head });
    };

    socket.on('message', (raw: Buffer) => {
      if (started) return;
      started = true;
      start(raw).catch((error: unknown) => {
        app.log.error({ err: error }, 'History live tail failed to start');
        close(1011, 'Live tail unavailable');
      });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      clearInterval(recheck);
      void subscription?.stop();
    });
  });
}
