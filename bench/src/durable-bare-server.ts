import { createServer } from 'node:http';
import { SqliteEventStore } from '@linkledger/services/stores/events/sqlite-event-store.ts';
import { click } from './redirects/append-floor.ts';

/**
 * The floor of a durable redirect: the bare server (bare-server.ts) that also appends each
 * click to the product's event store before it answers, as the product does (group commit,
 * and with FULL the WAL synced from the thread pool), and does nothing else: no link lookup,
 * no visitor hash, no projector beside it. What the product can reach at best on this machine.
 */
const location = process.env['LOCATION'] ?? 'https://example.com/landing';
const synchronous = process.env['EVENTS_SYNC'] === 'NORMAL' ? 'NORMAL' : 'FULL';
const store = new SqliteEventStore(process.env['EVENTS_FILE']!, { synchronous });
/** Each path is a link of its own, so clicks over many links land on as many streams. */
const linkIds = new Map<string, number>();

const server = createServer((request, response) => {
  const path = request.url ?? '/';
  let linkId = linkIds.get(path);
  if (linkId === undefined) linkIds.set(path, (linkId = linkIds.size + 1));
  store.append([click(linkId, request.headers['user-agent'])]).then(
    () => {
      response.writeHead(302, { location, 'cache-control': 'no-store', 'content-length': 0 });
      response.end();
    },
    () => {
      response.writeHead(503);
      response.end();
    },
  );
});
server.listen(Number(process.env['PORT']), '127.0.0.1', () => console.log('ready'));
process.on('SIGTERM', () => server.close(() => void store.close().then(() => process.exit(0))));
