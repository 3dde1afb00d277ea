// The commit floor of the log's two layouts, alternated (docs/architecture.md#durable-clicks):
//   node --import tsx bench/src/redirects/layout-floor-bench.ts [rounds]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { layoutFloor, type LogLayout } from './append-floor.ts';

const rounds = Number(process.argv[2] ?? 3);
const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log('| round | layout | links | WAL synced | commit CPU µs/click | indexer CPU µs/click | WAL KiB/commit (32 clicks) | indexer WAL B/click | clicks/s |');
console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
for (let round = 1; round <= rounds; round++) {
  for (const links of [1, 1000]) {
    for (const layout of ['made before', 'click layout'] as LogLayout[]) {
      const dir = mkdtempSync(join(tmpdir(), 'll-layout-floor-'));
      try {
        for (const row of await layoutFloor(dir, layout, links)) {
          console.log(
            `| ${round} | ${row.layout} | ${fmt(row.links)} | ${row.synced ? 'yes' : 'no'} | ${fmt(row.commitMicrosPerClick, 1)} | ${fmt(row.indexMicrosPerClick, 1)} | ${fmt(row.walBytesPerCommit / 1024, 1)} | ${fmt(row.indexWalBytesPerClick)} | ${fmt(row.clicksPerSecond)} |`,
          );
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    }
  }
}
