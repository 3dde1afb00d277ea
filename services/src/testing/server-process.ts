import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_OPTIONS } from '../supervisor/server-bundle.mjs';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** A product process started by a test, with its output and how it ended. */
export interface StartedProcess {
  baseUrl: string;
  /** The process started: main.ts, or the supervisor. */
  pid: number;
  /** From spawn to the first 200 from /api/health. */
  startMs: number;
  output: () => string;
  /** Resolves with the exit code (null after a signal). */
  exited: Promise<number | null>;
  kill: (signal?: NodeJS.Signals) => Promise<void>;
}

interface StartOptions {
  env: Record<string, string>;
  /** The script and the Node options before it. */
  args: string[];
  timeoutMs: number;
  /** What must hold besides a healthy /api/health (the supervisor has announced its children, say). */
  ready?: (output: string) => boolean;
  /** The checkout to run in (this one by default). */
  cwd?: string;
}

async function startProcess({ env, args, timeoutMs, ready = () => true, cwd = ROOT }: StartOptions): Promise<StartedProcess> {
  const port = await freePort();
  const started = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok && ready(output)) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not become healthy:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  return {
    baseUrl,
    pid: child.pid!,
    startMs: performance.now() - started,
    output: () => output,
    exited,
    kill: async (signal: NodeJS.Signals = 'SIGKILL') => {
      child.kill(signal);
      await exited;
    },
  };
}

/** One process of the product (`services/src/server/main.ts`, ROLE=all unless the env says otherwise). */
export function startServerProcess(env: Record<string, string>, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<StartedProcess> {
  return startProcess({ env, args: [...nodeArgs, '--import', 'tsx', 'services/src/server/main.ts'], timeoutMs });
}

/** One process of another checkout of the product (an older commit, as a baseline), under tsx. */
export function startCheckoutServerProcess(checkout: string, env: Record<string, string>, timeoutMs = 60_000): Promise<StartedProcess> {
  // Commits before the composition root moved into server/ keep their entry at services/src/main.ts.
  const entry = existsSync(join(checkout, 'services/src/server/main.ts')) ? 'services/src/server/main.ts' : 'services/src/main.ts';
  return startProcess({ env, args: ['--import', 'tsx', entry], timeoutMs, cwd: checkout });
}

/** One process of the product as `ROLE=… npm start` runs it: the server compiled ahead (`entry`, from serverEntry()). */
export function startCompiledServerProcess(entry: string, env: Record<string, string>, timeoutMs = 60_000, nodeArgs: string[] = []): Promise<StartedProcess> {
  return startProcess({ env, args: [...SERVER_NODE_OPTIONS, ...nodeArgs, entry], timeoutMs });
}

/** The supervisor's announcement once every child is ready, naming each child's pid. */
const ANNOUNCED = /Linkledger is ready at .*\(data in .*; (.*)\)/;

/** The pids of the supervisor's children by role, from its latest announcement. */
export function childPids(output: string): Record<string, number> {
  const lines = output.split('\n').filter((line) => ANNOUNCED.test(line));
  const last = lines.at(-1)?.match(ANNOUNCED)?.[1] ?? '';
  return Object.fromEntries([...last.matchAll(/(\w+) pid (\d+)/g)].map(([, role, pid]) => [role!, Number(pid)]));
}

/** The product as `npm start` runs it: the supervisor (services/src/supervisor/supervise.mjs) with its processes. */
export async function startSupervisedProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
): Promise<StartedProcess & { pids: () => Record<string, number> }> {
  const started = await startProcess({
    env: { ROLE: '', ...env },
    args: ['services/src/supervisor/supervise.mjs'],
    timeoutMs,
    ready: (output) => ANNOUNCED.test(output),
  });
  return { ...started, pids: () => childPids(started.output()) };
}
