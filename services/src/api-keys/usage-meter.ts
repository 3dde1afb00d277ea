import { randomUUID } from 'node:crypto';
import type { CommandContext } from '../commands/command-context.ts';
import { recordFact } from '../commands/record-fact.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';

/** How often counted calls are written: the most a crash can lose from the monthly figure. */
const METER_INTERVAL_MS = 5000;

/**
 * Counts API-key calls in memory and records them as `ApiCallsMetered` events every few
 * seconds (and when the app closes): the monthly usage is event-sourced without an event
 * per call on the API's path.
 */
class ApiUsageMeter {
  private counts = new Map<number, number>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly platform: Platform) {
    this.timer = setInterval(() => void this.flush().catch(() => undefined), METER_INTERVAL_MS);
    this.timer.unref();
  }

  count(userId: number): void {
    this.counts.set(userId, (this.counts.get(userId) ?? 0) + 1);
  }

  /** Writes the calls counted so far; on failure they are kept for the next reading. */
  async flush(): Promise<number> {
    if (this.counts.size === 0) return 0;
    const counts = this.counts;
    this.counts = new Map();
    const context: CommandContext = { actor: { kind: 'system', id: 'api-usage-meter' }, correlationId: randomUUID(), now: this.platform.clock() };
    try {
      const metered = [...counts].map(([userId, calls]) => ({
        stream: `api-usage-${userId}`,
        event: { type: 'ApiCallsMetered', data: { user_id: userId, calls } } as const,
      }));
      const { position } = await recordFact(this.platform.events, context, ...metered);
      return position;
    } catch (error) {
      for (const [userId, calls] of counts) this.counts.set(userId, (this.counts.get(userId) ?? 0) + calls);
      throw error;
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

export const apiUsageMeter = perPlatform((platform) => new ApiUsageMeter(platform));
