import type { EventStore, ReadAllOptions, RecordedEvent, SubscribeOptions, SubscriptionHandler } from '@linkledger/contracts';

/**
 * An event log in memory for the projectors' own tests: appends, filtered reads by position,
 * and catch-up subscriptions that poll every few milliseconds.
 */
export class MemoryLog implements Pick<EventStore, 'readAll' | 'headPosition' | 'subscribe'> {
  readonly events: RecordedEvent[] = [];

  append(stream: string, type: string, data: unknown, version = 1): RecordedEvent {
    const position = this.events.length + 1;
    const event: RecordedEvent = {
      id: `e${position}`,
      stream,
      revision: this.events.filter((e) => e.stream === stream).length,
      position,
      type,
      version,
      data,
      metadata: {
        actor: { kind: 'system', id: 'test' },
        correlation_id: 'c',
        causation_id: 'c',
        at: new Date(Date.UTC(2026, 10, 23, 10, 0, position)).toISOString(),
      },
    };
    this.events.push(event);
    return event;
  }

  async readAll({ after = 0, limit, filter }: ReadAllOptions): Promise<RecordedEvent[]> {
    return this.events.filter((e) => e.position > after && (!filter?.types || filter.types.includes(e.type))).slice(0, limit);
  }

  async headPosition(): Promise<number> {
    return this.events.length;
  }

  subscribe(options: SubscribeOptions, handler: SubscriptionHandler) {
    let stopped = false;
    let after = options.after;
    const batchSize = options.batchSize ?? 1000;
    const done = (async () => {
      while (!stopped) {
        const head = this.events.length;
        const batch = await this.readAll({ after, limit: batchSize, ...(options.filter ? { filter: options.filter } : {}) });
        const through = batch.length < batchSize ? head : batch.at(-1)!.position;
        if (through > after) {
          await handler(batch, through);
          after = through;
        } else await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    return {
      done,
      async stop() {
        stopped = true;
        await done.catch(() => undefined);
      },
    };
  }
}
