import { runToCompletion } from './child-process.ts';

export interface Snapshot {
  users: Record<string, unknown>[];
  links: Record<string, unknown>[];
  clicks: { position: number; referrer: string; is_bot: number; link_id: number }[];
  readCheckpoint: number;
  head: number;
}

/** The read models and analytics of a data directory no process is running on (see snapshot-cli.ts). */
export async function snapshotOf(dataDir: string): Promise<Snapshot> {
  const output = await runToCompletion('services/src/testing/snapshot-cli.ts', [], { DATA_DIR: dataDir });
  const line = output.split('\n').find((l) => l.startsWith('SNAPSHOT '));
  if (!line) throw new Error(`No snapshot in:\n${output}`);
  return JSON.parse(line.slice('SNAPSHOT '.length)) as Snapshot;
}
