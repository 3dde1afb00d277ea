/** A store's state for health and system reports: up, or down with why. */
async function checkStore(store: { adapter: string; ping(): Promise<void> }) {
  try {
    await store.ping();
    return { status: 'up' as const, adapter: store.adapter };
  } catch (error) {
    return { status: 'down' as const, adapter: store.adapter, error: error instanceof Error ? error.message : String(error) };
  }
}

type EventLog = { adapter: string; headPosition(): Promise<number>; checkWritable?(): Promise<void> };

/**
 * The three stores' states, each pinged at once: the log by reading its head and, where the
 * adapter can tell, by whether it can save (a log that reads but cannot write is down).
 */
export function checkStores(platform: {
  events: EventLog;
  read: { adapter: string; ping(): Promise<void> };
  analytics: { adapter: string; ping(): Promise<void> };
}) {
  const { events } = platform;
  return Promise.all([
    checkStore({ adapter: events.adapter, ping: async () => void (await Promise.all([events.headPosition(), events.checkWritable?.()])) }),
    checkStore(platform.read),
    checkStore(platform.analytics),
  ]);
}
