/** A store's state for health and system reports: up, or down with why. */
export async function checkStore(store: { adapter: string; ping(): Promise<void> }) {
  try {
    await store.ping();
    return { status: 'up' as const, adapter: store.adapter };
  } catch (error) {
    return { status: 'down' as const, adapter: store.adapter, error: error instanceof Error ? error.message : String(error) };
  }
}
