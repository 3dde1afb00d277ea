import { randomUUID } from 'node:crypto';
import type { EventMetadata } from '@linkledger/contracts';
import { toNewEvent } from '../commands/command-context.ts';
import { perPlatform } from '../platform/per-platform.ts';
import type { Platform } from '../platform/platform.ts';

/** How often counted calls are written: the most a crash can lose from the monthly figure. */
export const METER_INTERVAL_MS = 5000;

/**
 * Counts API-key calls in memory and records them as `ApiCallsMetered` events every few
 * seconds (and when the app closes): the monthly usage is event-sourced without an event
 * per call on the API's path.
 */
export class ApiUsageMeter {
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
    const at = this.platform.clock().toISOString();
    const correlation = randomUUID();
    const metadata: EventMetadata = { actor: { kind: 'system', id: 'api-usage-meter' }, correlation_id: correlation, causation_id: correlation, at };
    try {
      const { position } = await this.platform.events.append(
        [...counts].map(([userId, calls]) => ({
          stream: `api-usage-${userId}`,
          expected: 'any' as const,
          events: [toNewEvent({ type: 'ApiCallsMetered', data: { user_id: userId, calls } }, metadata)],
        })),
      );
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
