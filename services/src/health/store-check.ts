/** A store's state for health and system reports: up, or down with why. */
export async function checkStore(store: { adapter: string; ping(): Promise<void> }) {
  try {
    await store.ping();
    return { status: 'up' as const, adapter: store.adapter };
  } catch (error) {
    return { status: 'down' as const, adapter: store.adapter, error: error instanceof Error ? error.message : String(error) };
  }
}

/** The three stores' states, each pinged at once: the log by reading its head. */
export function checkStores(platform: { events: { adapter: string; headPosition(): Promise<number> }; read: { adapter: string; ping(): Promise<void> }; analytics: { adapter: string; ping(): Promise<void> } }) {
  return Promise.all([
    checkStore({ adapter: platform.events.adapter, ping: () => platform.events.headPosition().then(() => undefined) }),
    checkStore(platform.read),
    checkStore(platform.analytics),
  ]);
}
