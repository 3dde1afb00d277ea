// @ts-check
// The supervisor `npm start` runs (docs/architecture.md#processes-and-modes): an HTTP process
// (ROLE=api) and a projector process (ROLE=projector) on one data directory, with one log and
// one Ctrl-C. Plain JavaScript without the TypeScript loader on purpose: scripts/run.mjs runs
// it in its own process, so supervising costs no process and no loader of its own; each
// child runs the server compiled ahead (server-bundle.mjs), without a loader either.
import { fork } from 'node:child_process';
import { existsSync } from 'node:fs';
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { SERVER_NODE_OPTIONS, serverEntry } from './server-bundle.mjs';

/** A restart waits this long at first, doubling per crash up to the maximum. */
const FIRST_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 30_000;
/** A child that ran this long before it stopped is restarted without the accumulated wait. */
const STEADY_MS = 60_000;
/** How long a child may take to stop after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = 10_000;
/** main.ts exits with 2 on a configuration error: restarting cannot help. */
const CONFIG_ERROR = 2;

/**
 * Which processes run. The HTTP process asks the projector process for embedded analytics on
 * the same data directory; server stores with embedded analytics are refused in ROLE=api
 * (see config.ts), so they run as one ROLE=all process.
 * @param {NodeJS.ProcessEnv} env
 * @returns {{ roles: ('api' | 'projector' | 'all')[], why?: string }}
 */
function layoutFor(env) {
  if (!env.CLICKHOUSE_URL && (env.EVENTSTORE_URL || env.MONGODB_URL)) {
    return { roles: ['all'], why: 'server stores with embedded analytics (no CLICKHOUSE_URL) run in one process (ROLE=all)' };
  }
  return { roles: ['projector', 'api'] };
}

/**
 * The projector's niceness: redirects get the CPU first, projections catch up. An invalid
 * value is the child's to refuse (config.ts names it); here it only means no change.
 * @param {NodeJS.ProcessEnv} env
 */
const projectorNice = (env) => {
  const value = Number(env.PROJECTOR_NICE ?? 10);
  return Number.isInteger(value) && value >= 0 && value <= 19 ? value : 0;
};

/**
 * @typedef {{ role: 'api' | 'projector' | 'all', pid?: number, process: import('node:child_process').ChildProcess | null,
 *   exited: Promise<void>, backoffMs: number, startedAt: number, ready: boolean, restartTimer: NodeJS.Timeout | null }} Slot
 */

/**
 * Starts the children together (the secrets and the stores' schemas are made so that two
 * processes may create them at once; a migration that outlasts the other's lock wait costs it
 * a restart), restarts one that crashes after a growing pause while the other keeps running,
 * and stops the HTTP process first (nothing new is appended), then the projector.
 * @param {{ env?: NodeJS.ProcessEnv, say?: (line: string) => void }} [options]
 * @returns {{ done: Promise<number>, stop: (code?: number) => Promise<void> }}
 */
export function supervise(options = {}) {
  const env = options.env ?? process.env;
  const say = options.say ?? ((line) => console.log(`[supervisor] ${line}`));
  const layout = layoutFor(env);
  if (layout.why) say(layout.why);
  /** @type {Slot[]} */
  const slots = layout.roles.map((role) => ({
    role,
    process: null,
    exited: Promise.resolve(),
    backoffMs: FIRST_BACKOFF_MS,
    startedAt: 0,
    ready: false,
    restartTimer: null,
  }));
  let stopping = false;
  let announced = false;
  /** @type {(code: number) => void} */
  let finish = () => {};
  /** @type {Promise<number>} */
  const done = new Promise((resolve) => (finish = resolve));

  /** The compiled server; compiled again for a restart only if its build was removed meanwhile. */
  let entry = '';
  /** @param {Slot} slot */
  async function launch(slot) {
    try {
      if (!entry || !existsSync(entry)) entry = await serverEntry(say);
    } catch (error) {
      say(`the server could not be compiled: ${error instanceof Error ? error.message : String(error)}`);
      void stop(1);
      return;
    }
    if (stopping) return;
    slot.startedAt = Date.now();
    slot.ready = false;
    const child = fork(entry, [], { execArgv: SERVER_NODE_OPTIONS, env: { ...env, ROLE: slot.role }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
    slot.process = child;
    slot.pid = child.pid;
    if (slot.role === 'projector' && child.pid !== undefined) {
      try {
        setPriority(child.pid, projectorNice(env));
      } catch {
        // Not allowed here: the projector runs at normal priority.
      }
    }
    child.on('message', (/** @type {{ type?: string, address?: string }} */ message) => {
      if (message?.type !== 'ready') return;
      slot.ready = true;
      say(`${slot.role} process (pid ${child.pid}) ready${message.address ? ` at ${message.address}` : ''}`);
      if (message.address) address = message.address;
      announce();
    });
    slot.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        if (slot.process === child) slot.process = null;
        exited(slot, code, signal);
        resolve();
      }),
    );
  }

  /** Where the HTTP process listens, once it says. */
  let address = '';
  function announce() {
    if (announced || !slots.every((slot) => slot.ready)) return;
    announced = true;
    const pids = slots.map((slot) => `${slot.role} pid ${slot.pid}`).join(', ');
    say(`Linkledger is ready at ${address.replace('0.0.0.0', 'localhost')} (data in ${env.DATA_DIR ?? './data'}; ${pids})`);
  }

  /** @param {Slot} slot @param {number | null} code @param {NodeJS.Signals | null} signal */
  function exited(slot, code, signal) {
    if (stopping) return;
    const how = signal ? `signal ${signal}` : `exit code ${code}`;
    if (code === CONFIG_ERROR) {
      say(`${slot.role} process stopped on a configuration error (${how}): stopping`);
      void stop(CONFIG_ERROR);
      return;
    }
    if (code === 0) {
      // A clean exit is a requested one (the terminal's Ctrl-C reached the child too): stop all.
      say(`${slot.role} process stopped (${how}): stopping`);
      void stop(0);
      return;
    }
    // Announced again, with the new pid, once the restarted child is ready.
    announced = false;
    if (Date.now() - slot.startedAt >= STEADY_MS) slot.backoffMs = FIRST_BACKOFF_MS;
    const wait = slot.backoffMs;
    slot.backoffMs = Math.min(slot.backoffMs * 2, MAX_BACKOFF_MS);
    say(`${slot.role} process (pid ${slot.pid}) stopped unexpectedly (${how}); restarting in ${wait} ms`);
    slot.restartTimer = setTimeout(() => {
      slot.restartTimer = null;
      if (!stopping) void launch(slot);
    }, wait);
  }

  /** @param {Slot} slot */
  async function stopChild(slot) {
    const child = slot.process;
    if (!child) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    await slot.exited;
    clearTimeout(timer);
  }

  /** @param {number} [code] */
  async function stop(code = 0) {
    if (stopping) return;
    stopping = true;
    for (const slot of slots) if (slot.restartTimer) clearTimeout(slot.restartTimer);
    for (const slot of [...slots].reverse()) await stopChild(slot);
    finish(code);
  }

  // One after the other only until each is forked: the first launch compiles for both.
  void (async () => {
    for (const slot of slots) await launch(slot);
  })();
  // The supervisor going away abruptly (an uncaught error) takes the children with it; a
  // SIGKILL cannot be caught, and then each child stops itself when its IPC channel closes.
  process.on('exit', () => slots.forEach((slot) => slot.process?.kill('SIGKILL')));
  return { done, stop };
}

/** Runs the supervisor as this process's whole job: signals stop it, and it exits with its code. */
export async function runSupervisor() {
  const supervisor = supervise();
  for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
    process.on(signal, () => {
      console.log(`[supervisor] ${signal} received: stopping`);
      void supervisor.stop(0);
    });
  }
  process.exit(await supervisor.done);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runSupervisor();
