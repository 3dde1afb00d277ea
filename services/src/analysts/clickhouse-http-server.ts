import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import type { Logger } from '../platform/platform.ts';
import type { AnalystQueries } from './analyst-queries.ts';
import { ClickHouseError, ENGINE_VERSION } from '../stores/analytics/clickhouse-error.ts';
import type { CredentialDirectory } from './credential-directory.ts';
import { plainParams } from './http-params.ts';
import { vetSettings } from './settings-policy.ts';

/** A request body larger than this is refused: a query is at most 256 KiB, parameters included. */
const MAX_BODY = 1024 * 1024;

interface ParsedRequest {
  fields: URLSearchParams;
  query: string;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) throw ClickHouseError.of('QUERY_IS_TOO_LARGE', `The request body is larger than ${MAX_BODY} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * The query and parameters as ClickHouse reads them: URL parameters, and the body, which is
 * the query (appended to a `query` URL parameter, on a new line) or, as multipart form
 * data, a `query` field and `param_…` fields.
 */
async function parseRequest(request: IncomingMessage, url: URL): Promise<ParsedRequest> {
  const fields = new URLSearchParams(url.search);
  const body = request.method === 'POST' ? await readBody(request) : Buffer.alloc(0);
  const type = request.headers['content-type'] ?? '';
  let bodyQuery = '';
  if (/^multipart\/form-data/i.test(type)) {
    const form = await new Response(new Uint8Array(body), { headers: { 'content-type': type } }).formData().catch(() => {
      throw ClickHouseError.of('BAD_ARGUMENTS', 'The multipart body could not be read');
    });
    for (const [name, value] of form) {
      if (typeof value !== 'string')
        throw ClickHouseError.of('BAD_ARGUMENTS', 'External data (files in a multipart body) is not accepted by the analysts’ endpoint');
      if (name === 'query') bodyQuery = value;
      else fields.append(name, value);
    }
  } else {
    bodyQuery = body.toString('utf8');
  }
  const urlQuery = fields.get('query') ?? '';
  return { fields, query: urlQuery && bodyQuery ? `${urlQuery}\n${bodyQuery}` : urlQuery || bodyQuery };
}

/** Who the request says it is: X-ClickHouse-User/Key, else basic auth, else user/password URL parameters. */
function credentialsOf(request: IncomingMessage, fields: URLSearchParams): { user: string; password: string } | null {
  const header = request.headers['x-clickhouse-user'];
  if (typeof header === 'string') return { user: header, password: String(request.headers['x-clickhouse-key'] ?? '') };
  const basic = /^Basic\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  if (basic) {
    const decoded = Buffer.from(basic[1]!, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    return colon < 0 ? { user: decoded, password: '' } : { user: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
  }
  const user = fields.get('user');
  return user ? { user, password: fields.get('password') ?? '' } : null;
}

function sendError(response: ServerResponse, error: ClickHouseError, queryId: string): void {
  const body = error.body;
  response.writeHead(error.status, {
    'content-type': 'text/plain; charset=UTF-8',
    'content-length': Buffer.byteLength(body),
    'x-clickhouse-exception-code': String(error.code),
    'x-clickhouse-query-id': queryId,
    ...(error.status === 401 ? { 'www-authenticate': 'Basic realm="Linkledger analysts"' } : {}),
  });
  response.end(body);
}

export interface AnalystHttpServer {
  port: number;
  close(): Promise<void>;
}

/** A request's target as a URL, or null when it is none (`//%/`). */
function parsedTarget(target: string | undefined): URL | null {
  try {
    return new URL(target ?? '/', 'http://analysts');
  } catch {
    return null;
  }
}

/**
 * The analysts' endpoint: ClickHouse's HTTP interface on its own port, so that ClickHouse's
 * clients and tools work unchanged (docs/analysts.md). Each request is one query, answered
 * whole; whatever goes wrong becomes a ClickHouse-style error answer, never a crash.
 */
export async function serveAnalystHttp(
  options: { port: number; host: string; limits: Record<string, number | string> },
  queries: AnalystQueries,
  directory: CredentialDirectory,
  log: Logger,
): Promise<AnalystHttpServer> {
  const handle = async (request: IncomingMessage, response: ServerResponse, url: URL, queryId: string) => {
    if (url.pathname === '/ping' || (url.pathname === '/' && request.method === 'GET' && !url.search)) {
      response.writeHead(200, { 'content-type': 'text/plain; charset=UTF-8' });
      return response.end('Ok.\n');
    }
    if (url.pathname !== '/') throw ClickHouseError.of('UNSUPPORTED_METHOD', `There is no handle ${url.pathname.slice(0, 200)}: send queries to /`);
    if (request.method !== 'GET' && request.method !== 'POST')
      throw ClickHouseError.of('UNSUPPORTED_METHOD', `The HTTP method ${request.method} is not answered: use GET or POST`);
    const { fields, query } = await parseRequest(request, url);
    const credentials = credentialsOf(request, fields);
    if (!credentials)
      throw ClickHouseError.of('REQUIRED_PASSWORD', 'default: Authentication failed: a user name and password are required (see docs/analysts.md#connecting)');
    const analyst = await directory.check(credentials.user, credentials.password);
    if (!analyst)
      throw ClickHouseError.of(
        'AUTHENTICATION_FAILED',
        `${credentials.user.slice(0, 64)}: Authentication failed: password is incorrect, or there is no user with such name`,
      );
    const database = fields.get('database');
    if (database && database !== 'default' && database !== queries.database)
      throw ClickHouseError.of('UNKNOWN_DATABASE', `Database ${database.slice(0, 100)} does not exist for analysts: their database is ${queries.database}`);
    const params = plainParams(
      query,
      Object.fromEntries([...fields].filter(([name]) => name.startsWith('param_')).map(([name, value]) => [name.slice('param_'.length), value])),
    );
    const answer = await queries.run({
      via: 'clickhouse_http',
      actor: { kind: 'analyst', id: analyst.id },
      user: analyst.name,
      query,
      params,
      settings: vetSettings(fields, options.limits),
      defaultFormat: fields.get('default_format') ?? undefined,
      correlationId: queryId,
    });
    const compress = fields.get('enable_http_compression') === '1' && /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
    const body = compress ? await promisify(gzip)(answer.bytes) : answer.bytes;
    response.writeHead(200, {
      'content-type': answer.contentType,
      'content-length': body.length,
      'x-clickhouse-query-id': queryId,
      'x-clickhouse-format': answer.format,
      'x-clickhouse-timezone': 'UTC',
      'x-clickhouse-server-display-name': ENGINE_VERSION,
      'x-clickhouse-summary': JSON.stringify(answer.summary),
      ...(compress ? { 'content-encoding': 'gzip' } : {}),
    });
    response.end(body);
  };

  const server: Server = createServer((request, response) => {
    // Parsed once, here, where a target no URL can hold (`//%/`) becomes an error answer, not a throw.
    const url = parsedTarget(request.url);
    // Echoed in a header: only characters a header can carry.
    const queryId = (url?.searchParams.get('query_id') ?? '').replace(/[^\w.:-]/g, '').slice(0, 100) || randomUUID();
    if (!url) return sendError(response, ClickHouseError.of('BAD_ARGUMENTS', 'The request target is not a valid URL'), queryId);
    handle(request, response, url, queryId).catch((error: unknown) => {
      const failure = error instanceof ClickHouseError ? error : ClickHouseError.of('STD_EXCEPTION', 'The request could not be answered');
      if (!(error instanceof ClickHouseError)) log.error(error, 'The analysts’ endpoint failed on a request');
      if (response.headersSent) return response.destroy();
      sendError(response, failure, queryId);
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
