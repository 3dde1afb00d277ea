import type { RecordedEvent } from '@linkledger/contracts';
import { apiReadModel } from '../read-models/api-read-model.ts';
import { ReadModelTarget } from '../read-models/read-model-target.ts';
import { MemoryReadStore } from './memory-read-store.ts';

/** The API read model built in memory from the given batches, each applied as the projector applies one. */
export async function projectReadModel(batches: RecordedEvent[][]): Promise<MemoryReadStore> {
  const store = new MemoryReadStore();
  const target = new ReadModelTarget(store, apiReadModel);
  await target.init();
  for (const batch of batches) await target.apply(batch, batch.at(-1)!.position);
  return store;
}
