import { randomUUID } from 'node:crypto';
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AnalyticsStore } from '@linkledger/contracts';
import { asClickHouseError } from './clickhouse-error.ts';
import type { SqlEngine, SqlRunOptions } from './sql-engine.ts';
import { TOKEN_HEADER, unsafeSqlReason, ownerFile, tokenMatches, type OwnerAddress } from './owner-link.ts';

const MAX_BODY = 256 * 1024;

async function body(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request as AsyncIterable<Buffer>) {
    text += chunk.toString();
    if (text.length > MAX_BODY) throw new Error('Request body too large');
  }
  return text;
}

function send(response: ServerResponse, status: number, value: unknown): void {
  const text = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  response.end(text);
}

/**
 * The analytics owner's endpoint for the other processes on its data directory: read-only
 * queries and a ping, on 127.0.0.1 at an ephemeral port written to DATA_DIR. Started by
 * the process that opened chDB; removed (with its address file) when that process closes.
 */
export async function serveAnalytics(store: AnalyticsStore, dataDir: string, secret: string, sql?: SqlEngine): Promise<{ close(): Promise<void> }> {
  const server = createServer((request, response) => {
    if (!tokenMatches(secret, request.headers[TOKEN_HEADER])) return send(response, 401, { error: 'Unknown caller' });
    const handle = async () => {
      if (request.method === 'GET' && request.url === '/ping') {
        await store.ping();
        return send(response, 200, { ok: true });
      }
      if (request.method === 'POST' && request.url === '/query') {
        const { sql, params } = JSON.parse(await body(request)) as { sql: string; params?: Record<string, unknown> };
        const refused = typeof sql === 'string' ? unsafeSqlReason(sql) : 'Send {"sql": "SELECT …"}';
        if (refused) return send(response, 400, { error: refused });
        return send(response, 200, { rows: await store.query(sql, params ?? {}, { readOnly: true }) });
      }
      // Analysts' statements, already guarded and to be recorded by the asking process (analysts/remote-sql-engine.ts).
      if (request.method === 'POST' && request.url === '/sql' && sql) {
        const { sql: statement, ...options } = JSON.parse(await body(request)) as SqlRunOptions & { sql: string };
        try {
          const answer = await sql.run(statement, options);
          response.writeHead(200, {
            'content-type': 'application/octet-stream',
            'x-rows-read': answer.rowsRead,
            'x-bytes-read': answer.bytesRead,
            'x-elapsed-ms': answer.elapsedMs,
          });
          return response.end(answer.bytes);
        } catch (error) {
          const failure = asClickHouseError(error);
          return send(response, 400, { code: failure.code, name: failure.codeName, message: failure.message });
        }
      }
      return send(response, 404, { error: 'No such call' });
    };
    handle().catch((error: unknown) => send(response, 503, { error: error instanceof Error ? error.message : String(error) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address: OwnerAddress = { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, pid: process.pid };
  const file = ownerFile(dataDir);
  // Written whole, then renamed: a reader never sees half an address.
  const temporary = `${file}.${randomUUID()}.tmp`;
  writeFileSync(temporary, JSON.stringify(address), { mode: 0o600 });
  renameSync(temporary, file);
  return {
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        // Another owner may have started since (this one was stopped and replaced): keep its file.
        if ((JSON.parse(readFileSync(file, 'utf8')) as OwnerAddress).url === address.url) rmSync(file, { force: true });
      } catch {
        // Already gone.
      }
    },
  };
}
