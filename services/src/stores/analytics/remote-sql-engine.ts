import { readFileSync } from 'node:fs';
import { TOKEN_HEADER, ownerFile, ownerToken, type OwnerAddress } from './owner-link.ts';
import { ClickHouseError } from './clickhouse-error.ts';
import type { SqlAnswer, SqlEngine, SqlRunOptions } from './sql-engine.ts';

/** The owner's SQL call (stores/analytics/analytics-owner-server.ts) answers within the limits, so this only bounds a dead owner. */
const TIMEOUT_MS = 10 * 60_000;

/**
 * Analysts' queries from a ROLE=api process on an embedded data directory: chDB is open in
 * the process that owns it, which runs them on its analysts' engine; this process guards
 * and records them as it would its own.
 */
export class RemoteSqlEngine implements SqlEngine {
  constructor(
    private readonly dataDir: string,
    private readonly secret: string,
    readonly database: string,
  ) {}

  async run(sql: string, options: SqlRunOptions): Promise<SqlAnswer> {
    let owner: OwnerAddress;
    try {
      owner = JSON.parse(readFileSync(ownerFile(this.dataDir), 'utf8')) as OwnerAddress;
    } catch {
      throw ClickHouseError.of('STD_EXCEPTION', 'No process owns the analytics of this data directory: start one with ROLE=all or ROLE=projector');
    }
    const response = await fetch(`${owner.url}/sql`, {
      method: 'POST',
      headers: { [TOKEN_HEADER]: ownerToken(this.secret), 'content-type': 'application/json' },
      body: JSON.stringify({ sql, ...options }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((error: unknown) => {
      throw ClickHouseError.of(
        'STD_EXCEPTION',
        `The analytics owner (pid ${owner.pid}) does not answer: ${error instanceof Error ? error.message : String(error)}`,
      );
    });
    if (!response.ok) {
      const failure = (await response.json().catch(() => ({}))) as { code?: number; name?: string; message?: string };
      throw new ClickHouseError(failure.code ?? 1001, failure.name ?? 'STD_EXCEPTION', failure.message ?? `The analytics owner answered ${response.status}`);
    }
    const counter = (name: string) => Number(response.headers.get(name) ?? 0);
    return {
      bytes: Buffer.from(await response.arrayBuffer()),
      rowsRead: counter('x-rows-read'),
      bytesRead: counter('x-bytes-read'),
      elapsedMs: counter('x-elapsed-ms'),
    };
  }

  async close(): Promise<void> {}
}
