import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { CHROME, countsOver, createLinkOver, signUpOver, type Auth } from '../testing/http-client.ts';
import { startSupervisedProcess } from '../testing/server-process.ts';

/**
 * A real small file system for the data directory: tmpfs, which needs root. CI runs as root;
 * elsewhere the test says in its title why it did not run.
 */
function mountSmallDisk(): { dir: string } | { why: string } {
  if (process.platform !== 'linux') return { why: 'tmpfs needs Linux' };
  if (process.getuid?.() !== 0) return { why: 'mounting a tmpfs needs root' };
  const dir = mkdtempSync(join(tmpdir(), 'll-full-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=8m', 'tmpfs', dir], { stdio: 'pipe' });
    return { dir };
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    return { why: `mount -t tmpfs failed: ${error instanceof Error ? error.message.split('\n', 1)[0] : String(error)}` };
  }
}

/** Writes a file until the file system refuses: the disk is full. */
function fillDisk(file: string): void {
  const fd = openSync(file, 'w');
  try {
    for (const size of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          writeSync(fd, chunk);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
          break;
        }
      }
    }
  } finally {
    closeSync(fd);
  }
}

const disk = mountSmallDisk();
const title =
  'a full disk refuses redirects and writes with 503, health says the log is down, the log stays small, and everything works again once space returns, without a restart';

describe('the data directory on a disk that fills up', () => {
  afterAll(() => {
    if (!('dir' in disk)) return;
    execFileSync('umount', ['-l', disk.dir]);
    rmSync(disk.dir, { recursive: true, force: true });
  });

  it.skipIf(!('dir' in disk))(
    'why' in disk ? `${title} (not run: ${disk.why})` : title,
    async () => {
      if (!('dir' in disk)) return;
      const dataDir = join(disk.dir, 'data');
      const filler = join(disk.dir, 'filler');
      // As `npm start` runs it: the supervisor, the HTTP process (appends clicks) and the projector (read store, chDB).
      // No per-address limit: every request of the test comes from one address.
      const product = await startSupervisedProcess({ DATA_DIR: dataDir, REDIRECT_RATE_PER_IP: '0' });
      try {
        const base = product.baseUrl;
        const owner: Auth = await signUpOver(base, 'disk@example.com');
        const link = await createLinkOver(base, owner, 'https://example.com/full');
        const visit = async () => (await fetch(`${base}/${link.short_code}`, { redirect: 'manual', headers: { 'user-agent': CHROME } })).status;
        const create = (n: number) =>
          fetch(`${base}/api/urls`, { method: 'POST', headers: owner.headers, body: JSON.stringify({ original_url: `https://example.com/${n}` }) });
        const health = async () => {
          const response = await fetch(`${base}/api/health`);
          return { status: response.status, body: (await response.json()) as { down: string[]; stores: { events: { status: string; error?: string } } } };
        };
        const statuses: number[] = [await visit()];
        expect(statuses).toEqual([302]);

        fillDisk(filler);
        const linesBefore = product.output().split('\n').length;
        // The log's file may still have room of its own: visit until the disk refuses.
        for (let round = 0; round < 200 && !statuses.includes(503); round++) statuses.push(...(await Promise.all(Array.from({ length: 10 }, visit))));
        expect(statuses).toContain(503);
        // From here every redirect is refused, none breaks: 503, never a 500, nothing stuck.
        const refused: number[] = [];
        for (let round = 0; round < 40; round++) refused.push(...(await Promise.all(Array.from({ length: 10 }, visit))));
        expect(new Set(refused)).toEqual(new Set([503]));
        statuses.push(...refused);
        const write = await create(1);
        expect(write.status).toBe(503);
        expect(write.headers.get('retry-after')).toBe('1');
        expect(((await write.json()) as { detail: string }).detail).toMatch(/could not be saved right now/);
        const down = await health();
        expect(down.status).toBe(503);
        expect(down.body.down).toContain('events');
        expect(down.body.stores.events).toMatchObject({ status: 'down', error: expect.stringMatching(/could not save/) });
        // Hundreds of refusals, a handful of lines: each kind once, then a count per interval.
        await eventually(() => /more like it in \d+ s/.test(product.output()), 15_000, 'a line that counts the repeats');
        const logged = product
          .output()
          .split('\n')
          .slice(linesBefore - 1);
        // Stacks included: the first of each kind per process, and the count of the rest.
        expect(logged.length).toBeLessThan(40);

        rmSync(filler);
        // No restart: the same processes answer, and the next requests are tried afresh.
        await eventually(async () => (await visit()) === 302, 10_000, 'a redirect once space is back');
        statuses.push(302);
        expect((await create(2)).status).toBe(201);
        await eventually(async () => (await health()).status === 200, 10_000, 'health back to ok');
        expect((await health()).body.stores.events.status).toBe('up');
        // Every redirect answered 302 is counted once, none answered 503 is: the projector recovered too.
        const answered = statuses.filter((status) => status === 302).length;
        // Both of the projector's stores: the read store (SQLite) and analytics (chDB).
        await eventually(
          async () => {
            const { total, analytics } = await countsOver(base, owner, link.id);
            return total === answered && analytics === answered;
          },
          20_000,
          `${answered} clicks counted in the read model and in analytics`,
        );
        expect(product.output()).not.toMatch(/stopped unexpectedly/);
      } finally {
        await product.kill('SIGTERM');
      }
    },
    120_000,
  );
});
