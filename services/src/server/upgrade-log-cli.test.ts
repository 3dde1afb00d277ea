import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../platform/config.ts';
import { hasClickIndex } from '../stores/events/sqlite-click-layout.mjs';
import { LogInUseError } from '../stores/events/upgrade-log.ts';
import { runUpgradeLogCli } from './upgrade-log-cli.ts';
import { LEGACY_EVENTS_TABLE } from '../testing/legacy-event-log.ts';

describe('npm run upgrade-log', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'linkledger-upgrade-log-cli-'));
  const file = join(dataDir, 'events.db');
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  /** A log of the older layout, written with raw inserts. */
  const legacyLog = () => {
    const db = new Database(file);
    // In WAL mode, as the store keeps it: there every open connection holds a lock the upgrade sees.
    db.pragma('journal_mode = WAL');
    db.exec(LEGACY_EVENTS_TABLE);
    const insert = db.prepare("INSERT INTO events (id, stream, revision, type, version, data, metadata) VALUES (?, ?, ?, 'Clicked', 1, '{}', '{}')");
    for (let i = 0; i < 30; i++) insert.run(randomUUID(), `clicks-${i % 3}`, Math.floor(i / 3));
    db.close();
  };

  it('refuses unknown options and a log another process has open, then upgrades the log of --data-dir once', () => {
    const run = (argv: string[]) => {
      const out: string[] = [];
      runUpgradeLogCli(
        argv,
        { DATA_DIR: join(dataDir, 'elsewhere') },
        (line) => out.push(line),
        () => {},
      );
      return out.join('\n');
    };
    expect(() => run(['--data-dri', dataDir])).toThrow(ConfigError);
    expect(run(['--data-dir', dataDir])).toBe(`There is no embedded log in ${dataDir}: nothing to do.`);
    legacyLog();
    const server = new Database(file);
    server.prepare('SELECT count(*) FROM events').get();
    expect(() => run(['--data-dir', dataDir])).toThrow(LogInUseError);
    server.close();
    expect(run(['--data-dir', dataDir])).toMatch(
      /^\nDone in [\d.]+ s: 30 events copied \(\d+ rows\/s\), the log through position 30 has the click layout; events.db is [\d.]+ MB, of which [\d.]+ MB free pages/,
    );
    const db = new Database(file, { readonly: true });
    expect(hasClickIndex(db)).toBe(true);
    db.close();
    expect(run(['--data-dir', dataDir])).toBe(`${file} already has the click layout: nothing to do.`);
  });
});
