import { LINKS, USERS } from '@linkledger/projections';
import { loadConfig } from '../platform/config.ts';
import { openPlatform } from '../server/open-platform.ts';

/**
 * Prints the read models and analytics of DATA_DIR as one JSON line, for tests that compare
 * what processes built (chDB opens a directory in one process only, so this runs as its own
 * process while no server runs on DATA_DIR).
 */
const platform = await openPlatform(
  { ...loadConfig(), ROLE: 'projector' },
  { log: { info: () => undefined, error: (e, m) => console.error(m, e) }, projectors: false },
);
try {
  const snapshot = {
    users: await platform.read.find(USERS, { sort: [{ field: 'id', direction: 'asc' }] }),
    links: await platform.read.find(LINKS, { sort: [{ field: 'id', direction: 'asc' }] }),
    clicks: await platform.analytics.query('SELECT * FROM clicks ORDER BY position'),
    readCheckpoint: await platform.read.checkpoint(platform.readModelTarget.name),
    head: await platform.events.headPosition(),
  };
  process.stdout.write(`SNAPSHOT ${JSON.stringify(snapshot)}\n`);
} finally {
  await platform.close();
}
