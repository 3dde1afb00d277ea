import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../commands/command-context.ts';
import { recordFact } from '../commands/record-fact.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';

interface KeyUse {
  workspaceId: number;
  keyHash: string;
  /** The minute it was used in (ISO, seconds zero). */
  minute: string;
}

/** One event per workspace whose keys were used: when each was last used. */
function keysUsed(used: ReadonlyMap<string, KeyUse>) {
  const byWorkspace = new Map<number, { key_id: string; key_hash: string; at: string }[]>();
  for (const [keyId, { workspaceId, keyHash, minute }] of used)
    byWorkspace.set(workspaceId, [...(byWorkspace.get(workspaceId) ?? []), { key_id: keyId, key_hash: keyHash, at: minute }]);
  return [...byWorkspace].map(([workspaceId, keys]) => ({
    stream: `api-usage-${workspaceId}`,
    event: { type: 'WorkspaceApiKeysUsed', data: { workspace_id: workspaceId, keys } } as const,
  }));
}

/** How often counted calls are written: the most a crash can lose from the monthly figure. */
const METER_INTERVAL_MS = 5000;

/**
 * Counts API-key calls in memory and records them as `ApiCallsMetered` events every few
 * seconds (and when the app closes): the monthly usage is event-sourced without an event
 * per call on the API's path. Workspace keys' last use rides along (`WorkspaceApiKeysUsed`).
 */
class ApiUsageMeter {
  private counts = new Map<number, number>();
  /** Workspace keys used since the last reading, by key id: their workspace, hash and minute. */
  private used = new Map<string, KeyUse>();
  /** The minute last recorded per key, so a key in steady use is written once a minute, not once a reading. */
  private readonly recordedMinute = new Map<string, string>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly platform: Platform) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), METER_INTERVAL_MS);
    this.timer.unref();
  }

  /** One call, counted to the workspace whose plan it runs on (a personal workspace's id is its user's). */
  count(workspaceId: number): void {
    this.counts.set(workspaceId, (this.counts.get(workspaceId) ?? 0) + 1);
  }

  /** A workspace key was used now: its "last used" moves at the next reading, to the minute. */
  keyUsed(workspaceId: number, keyId: string, keyHash: string): void {
    const minute = `${this.platform.clock().toISOString().slice(0, 16)}:00.000Z`;
    if (this.recordedMinute.get(keyId) !== minute) this.used.set(keyId, { workspaceId, keyHash, minute });
  }

  /** Writes the calls counted so far; on failure they are kept for the next reading. */
  async flush(): Promise<number> {
    if (this.counts.size === 0 && this.used.size === 0) return 0;
    const counts = this.counts;
    const used = this.used;
    this.counts = new Map();
    this.used = new Map();
    const context: CommandContext = { actor: { kind: 'system', id: 'api-usage-meter' }, correlationId: randomUUID(), now: this.platform.clock() };
    try {
      const metered = [...counts].map(([userId, calls]) => ({
        stream: `api-usage-${userId}`,
        event: { type: 'ApiCallsMetered', data: { user_id: userId, calls } } as const,
      }));
      const { position } = await recordFact(this.platform.events, context, ...metered, ...keysUsed(used));
      for (const [keyId, { minute }] of used) this.recordedMinute.set(keyId, minute);
      return position;
    } catch (error) {
      for (const [userId, calls] of counts) this.counts.set(userId, (this.counts.get(userId) ?? 0) + calls);
      for (const [keyId, use] of used) if (!this.used.has(keyId)) this.used.set(keyId, use);
      throw error;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

export const apiUsageMeter = perPlatform((platform) => new ApiUsageMeter(platform));
