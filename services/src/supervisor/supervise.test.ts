import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { CHROME, countsOver, createLinkOver, json, signUpOver } from '../testing/http-client.ts';
import { liveClient } from '../testing/live-client.ts';
import { childrenOf } from '../testing/processes.ts';
import { childPids, freePort, startSupervisedProcess } from '../testing/server-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const dirs: string[] = [];
const newDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-supervised-'));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

const visit = async (baseUrl: string, code: string) => {
  const response = await fetch(`${baseUrl}/${code}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
  expect(response.status).toBe(302);
};

describe('the supervisor (npm start): an HTTP process and a projector process', () => {
  it('serves, reads its writes, counts clicks live and in analytics, restarts a crashed child, and stops everything on SIGINT', async () => {
    const product = await startSupervisedProcess({ DATA_DIR: newDataDir(), LOG_LEVEL: 'info' });
    try {
      const { api, projector } = product.pids();
      expect(api).toBeGreaterThan(0);
      expect(projector).toBeGreaterThan(0);
      expect(new Set([api, projector, product.pid]).size).toBe(3);
      expect((await fetch(`${product.baseUrl}/api/health`)).status).toBe(200);
      // Each line of the one log says which process wrote it.
      expect(product.output()).toMatch(/\[projector\] Linkledger projector running/);
      expect(product.output()).toMatch(/"role":"api"/);

      // Read your writes: the link is in the list at once, though another process projects it.
      const auth = await signUpOver(product.baseUrl, 'supervised@example.com');
      const link = await createLinkOver(product.baseUrl, auth, 'https://example.com/supervised');
      expect((await json<{ id: number }[]>(fetch(`${product.baseUrl}/api/urls`, { headers: auth.headers }))).map((l) => l.id)).toEqual([link.id]);
      const live = await liveClient(product.baseUrl, auth.token);
      for (let i = 0; i < 3; i++) await visit(product.baseUrl, link.short_code);
      await eventually(() => live.clicks().at(-1)?.total_clicks === 3, 10_000, 'the live socket to count 3 clicks');
      await eventually(async () => (await countsOver(product.baseUrl, auth, link.id)).analytics === 3, 10_000, 'analytics to count 3 clicks');

      // The projector crashes: the HTTP process keeps answering, and the clicks are projected once it is back.
      process.kill(projector!, 'SIGKILL');
      for (let i = 0; i < 4; i++) await visit(product.baseUrl, link.short_code);
      await eventually(() => (product.pids()['projector'] ?? projector) !== projector, 20_000, 'a new projector process');
      expect(product.output()).toMatch(/projector process \(pid \d+\) stopped unexpectedly \(signal SIGKILL\); restarting in 500 ms/);
      await eventually(
        async () => {
          const counts = await countsOver(product.baseUrl, auth, link.id).catch(() => null);
          return counts?.total === 7 && counts.analytics === 7;
        },
        20_000,
        'the clicks answered while the projector was down to be projected',
      );

      // The HTTP process crashes: a new one serves on the same port.
      process.kill(api!, 'SIGKILL');
      await eventually(() => (product.pids()['api'] ?? api) !== api, 20_000, 'a new api process');
      await eventually(
        async () =>
          (await fetch(`${product.baseUrl}/api/health`).then(
            (r) => r.status,
            () => 0,
          )) === 200,
        20_000,
        'the new api process to answer',
      );
      await visit(product.baseUrl, link.short_code);
      live.close();

      const children = Object.values(product.pids());
      await product.kill('SIGINT');
      expect(await product.exited).toBe(0);
      expect(children.filter(alive)).toEqual([]);
      expect(product.output()).toMatch(/\[api\] SIGTERM received: closing[\s\S]*\[projector\] SIGTERM received: closing/);
    } finally {
      await product.kill('SIGKILL');
    }
  }, 120_000);

  it('leaves no child behind when the supervisor itself is killed, while they start or after', async () => {
    const started = await startSupervisedProcess({ DATA_DIR: newDataDir() });
    const children = Object.values(started.pids());
    expect(children).toHaveLength(2);
    await started.kill('SIGKILL');
    await eventually(() => children.every((pid) => !alive(pid)), 20_000, 'both children to stop once their supervisor is gone');

    // Killed while the children are still loading: they notice as soon as they can.
    const port = await freePort();
    const supervisor = spawn(process.execPath, ['services/src/supervisor/supervise.mjs'], {
      cwd: ROOT,
      env: { ...process.env, ROLE: '', DATA_DIR: newDataDir(), PORT: String(port), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    // As soon as both children exist (they take seconds to load; a loaded machine may take
    // longer than a fixed pause to spawn them).
    await eventually(() => childrenOf(supervisor.pid!).length === 2, 10_000, 'the supervisor to spawn both children');
    const early = childrenOf(supervisor.pid!);
    expect(early).toHaveLength(2);
    supervisor.kill('SIGKILL');
    await eventually(() => early.every((pid) => !alive(pid)), 20_000, 'children killed mid-start-up to stop');
  }, 60_000);

  it('stops at once with the message on a configuration error, without restarting', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['services/src/supervisor/supervise.mjs'], {
      cwd: ROOT,
      env: { ...process.env, ROLE: '', DATA_DIR: newDataDir(), PORT: String(port), EVENTS_SYNC: 'SOMETIMES' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(2);
    expect(output).toMatch(/EVENTS_SYNC="SOMETIMES"/);
    expect(output).toMatch(/configuration error/);
    expect(output).not.toMatch(/restarting/);
  }, 60_000);

  it('npm start runs the supervisor in its own process, and ROLE=all runs one process', async () => {
    for (const role of ['', 'all']) {
      const port = await freePort();
      const child = spawn(process.execPath, ['scripts/run.mjs', 'start'], {
        cwd: ROOT,
        env: { ...process.env, ROLE: role, DATA_DIR: newDataDir(), PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
      await eventually(() => /Linkledger is ready at/.test(output), 60_000, `npm start with ROLE=${role || '(unset)'} to be ready`);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
      // Both processes create the new data directory's files together, without a failed start.
      expect(output).not.toMatch(/could not start|stopped unexpectedly/);
      const pids = childPids(output);
      if (role === '') expect(Object.keys(pids).sort()).toEqual(['api', 'projector']);
      else expect(output).not.toMatch(/\[supervisor\]/);
      // The server runs compiled ahead, without the TypeScript loader.
      const serving = role === '' ? Object.values(pids) : childrenOf(child.pid!);
      expect(serving.length).toBeGreaterThan(0);
      for (const pid of serving) {
        const commandLine = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        expect(commandLine.join(' ')).toMatch(/services\/dist\/build-[^/]+\/main\.mjs/);
        expect(commandLine).not.toContain('tsx');
      }
      child.kill('SIGINT');
      expect(await exited).toBe(0);
      expect(Object.values(pids).filter(alive)).toEqual([]);
    }
  }, 120_000);
});
