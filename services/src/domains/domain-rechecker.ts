import { randomUUID } from 'node:crypto';
import type { EventStore, ReadStore } from '@linkledger/contracts';
import { CUSTOM_DOMAINS, type CustomDomainView } from '@linkledger/projections';
import { NO_READ_MODEL } from '../commands/command-handler.ts';
import type { Config } from '../platform/config.ts';
import { recordDomainCheck } from './domain-claims.ts';
import { checkDomainDns } from './domain-dns.ts';

/** How often a verified domain's records are looked at again. */
export const RECHECK_MS = 24 * 3_600_000;
/** How often the rechecker looks for domains due. */
const TICK_MS = 3_600_000;

interface Deps {
  events: EventStore;
  read: ReadStore;
  config: Pick<Config, 'DNS_SERVERS' | 'DOMAIN_TARGET_IPS' | 'DOMAIN_CNAME_TARGET'>;
  clock: () => Date;
}

/**
 * The daily re-check (docs/domains.md#verifying-by-dns): every verified domain's records are
 * looked at again once a day; one that lost them is recorded unverified, so its links stop
 * being served on it. DNS that cannot be reached changes nothing. Runs where the projectors
 * run; the first round follows start-up.
 */
export class DomainRechecker {
  private readonly checkedAt = new Map<number, number>();
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly deps: Deps,
    private readonly log: { error(error: unknown, message: string): void },
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.tick(), TICK_MS);
    this.timer.unref();
    // Not awaited: start-up does not wait on DNS.
    void this.tick();
  }

  /** Re-checks every verified domain not checked in the last day; overlapping calls share one run. */
  tick(): Promise<void> {
    this.running ??= this.recheckDue().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  private async recheckDue(): Promise<void> {
    try {
      const now = this.deps.clock().getTime();
      const verified = await this.deps.read.find<CustomDomainView>(CUSTOM_DOMAINS, { where: { dns_verified: true } });
      for (const domain of verified.filter((candidate) => now - (this.checkedAt.get(candidate.id) ?? -Infinity) >= RECHECK_MS)) {
        const result = await checkDomainDns(this.deps.config, domain.domain, domain.dns_token);
        this.checkedAt.set(domain.id, now);
        if (result.failed_checks.includes('dns_unavailable')) continue;
        const context = {
          actor: { kind: 'system' as const, id: 'domain-recheck' },
          correlationId: randomUUID(),
          now: this.deps.clock(),
          route: 'domain-recheck',
        };
        await recordDomainCheck({ events: this.deps.events, read: this.deps.read, clock: this.deps.clock, ...NO_READ_MODEL }, context, domain, result);
      }
    } catch (error) {
      this.log.error(error, 'The daily domain re-check failed; it tries again within the hour');
    }
  }
}
