import type { IncomingMessage, ServerResponse } from 'node:http';
import { startPageServer, type PageServer } from '../page-server.ts';

/** An error a stand-in answers instead of one page, while a test wants it to (a source failing midway). */
interface PageFailure {
  /** The page, counted from 1, that fails. */
  page: number;
  status: number;
  headers?: Record<string, string>;
}

/** A local server speaking another shortener's API (docs/import.md#sources), for the importer sources' tests. */
export interface StandIn {
  server: PageServer;
  /** Set to make one page fail; null (the start) answers every page. */
  failing: PageFailure | null;
}

type ApiRequest = { url: URL; headers: IncomingMessage['headers'] };
/** An API answer: a status and a JSON body. */
type ApiAnswer = { status: number; body: unknown; headers?: Record<string, string> };

/**
 * A stand-in answering every request through `route`; `page` is the page a request reads
 * (null for requests that are not paged), so `failing` strikes there.
 */
export async function startStandIn(route: (request: ApiRequest) => { answer: ApiAnswer; page: number | null }): Promise<StandIn> {
  const standIn: StandIn = {
    failing: null,
    server: await startPageServer(
      {},
      {
        otherwise: (request: IncomingMessage, response: ServerResponse) => {
          const { answer, page } = route({ url: new URL(request.url ?? '/', 'http://stand-in.test'), headers: request.headers });
          const failure = standIn.failing !== null && page === standIn.failing.page ? standIn.failing : null;
          const sent = failure ? { status: failure.status, body: { error: 'Failing as the test asked' }, headers: failure.headers } : answer;
          response.writeHead(sent.status, { 'content-type': 'application/json', ...sent.headers }).end(JSON.stringify(sent.body));
        },
      },
    ),
  };
  return standIn;
}

/** The items of a 1-based page of `size`. */
export const pageOf = <Item>(items: readonly Item[], page: number, size: number) => items.slice((page - 1) * size, page * size);

/** A positive whole number from a query value, or `fallback`. */
export function wholeNumber(value: string | null, fallback: number): number {
  const number = Number(value);
  return value !== null && Number.isSafeInteger(number) && number >= 0 ? number : fallback;
}
