// A process of the WAL-switch race test (stores/sqlite-wal.test.ts): at each agreed moment it
// opens a new database file, as a starting server does, and prints how many opens failed.
import Database from 'better-sqlite3';
import { useWal } from '../stores/sqlite-wal.ts';

const [dir, startAt, rounds, how] = process.argv.slice(2);
let failures = 0;
for (let round = 0; round < Number(rounds); round++) {
  const at = Number(startAt) + round * 40;
  while (Date.now() < at) {
    // Spin to the moment, so every process opens the file at once.
  }
  const db = new Database(`${dir}/round-${round}.db`);
  try {
    if (how === 'plain') db.pragma('journal_mode = WAL');
    else useWal(db);
    db.exec('CREATE TABLE IF NOT EXISTS t (x)');
  } catch {
    failures++;
  }
  db.close();
}
console.log(failures);
