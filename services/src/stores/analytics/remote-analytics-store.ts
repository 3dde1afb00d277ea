import { readFileSync } from 'node:fs';
import type { AnalyticsStore } from '@linkledger/contracts';
import { TOKEN_HEADER, ownerFile, ownerToken, type OwnerAddress } from './owner-link.ts';

const TIMEOUT_MS = 10_000;

/**
 * Analytics for a ROLE=api process on a data directory whose chDB another process owns:
 * queries go to the owner's loopback endpoint (see analytics-owner-server.ts), found
 * through the address file it writes in DATA_DIR, read again on every call so a restarted
 * owner is found at its new port. Writes are the owner's projector's alone.
 */
export class RemoteAnalyticsStore implements AnalyticsStore {
  readonly adapter = 'chdb (via the owning process)';
  private readonly token: string;

  constructor(
    private readonly dataDir: string,
    secret: string,
  ) {
    this.token = ownerToken(secret);
  }

  private owner(): OwnerAddress {
    try {
      return JSON.parse(readFileSync(ownerFile(this.dataDir), 'utf8')) as OwnerAddress;
    } catch {
      throw new Error(`No process owns the analytics of ${this.dataDir}: start one with ROLE=all (or ROLE=projector) on this DATA_DIR`);
    }
  }

  private async call<T>(path: string, payload?: unknown): Promise<T> {
    const owner = this.owner();
    let response: Response;
    try {
      response = await fetch(`${owner.url}${path}`, {
        method: payload === undefined ? 'GET' : 'POST',
        headers: { [TOKEN_HEADER]: this.token, 'content-type': 'application/json' },
        ...(payload === undefined ? {} : { body: JSON.stringify(payload) }),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (error) {
      throw new Error(`The analytics owner (pid ${owner.pid}, ${owner.url}) does not answer: ${error instanceof Error ? error.message : String(error)}`, {
        cause: error,
      });
    }
    const answer = (await response.json()) as T & { error?: string };
    if (!response.ok) throw new Error(`The analytics owner answered ${response.status}: ${answer.error ?? 'no detail'}`);
    return answer;
  }

  async query<T>(sql: string, params: Record<string, unknown> = {}): Promise<T[]> {
    return (await this.call<{ rows: T[] }>('/query', { sql, params })).rows;
  }

  async lastPosition(): Promise<number> {
    const [row] = await this.query<{ position: number | string }>('SELECT max(position) AS position FROM clicks');
    return Number(row?.position ?? 0);
  }

  async insertClicks(): Promise<void> {
    throw new Error('Only the process that owns the analytics directory inserts clicks');
  }

  async insertFacts(): Promise<void> {
    throw new Error('Only the process that owns the analytics directory inserts facts');
  }

  async recover(): Promise<boolean> {
    throw new Error('Only the process that owns the analytics directory repairs it');
  }

  async truncate(): Promise<void> {
    throw new Error('Only the process that owns the analytics directory truncates clicks (stop every process, then npm run rebuild)');
  }

  async deleteClicksBefore(): Promise<void> {
    throw new Error('Only the process that owns the analytics directory purges clicks');
  }

  async shadow(): Promise<never> {
    throw new Error('Only the process that owns the analytics directory rebuilds them');
  }

  async ping(): Promise<void> {
    await this.call('/ping');
  }

  async close(): Promise<void> {}
}
