#!/usr/bin/env node
// The entry of every root npm script. Needs only Node >= 20: it installs the workspace
// with the pinned pnpm (through npx) when the lockfile changed, builds the web app when
// its sources changed, then runs the command.
import { spawnSync, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const pnpm = ['--yes', pkg.packageManager];
const stampFile = join(root, 'node_modules', '.install-stamp');

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

function ensureInstalled() {
  const lock = readFileSync(join(root, 'pnpm-lock.yaml'));
  const stamp = createHash('sha256').update(lock).update(process.version).digest('hex');
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === stamp) return;
  console.log('Installing dependencies (first run, or the lockfile changed)…');
  run('npx', [...pnpm, 'install', '--frozen-lockfile']);
  writeFileSync(stampFile, stamp);
}

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

function ensureWebBuilt() {
  const built = join(root, 'web', 'dist', 'index.html');
  const sources = ['web/src', 'web/index.html', 'web/vite.config.ts', 'web/public', 'contracts/src'].map((p) => join(root, p)).filter(existsSync);
  if (existsSync(built) && statSync(built).mtimeMs >= Math.max(...sources.map(newestMtime))) return;
  console.log('Building the web app…');
  run('npx', [...pnpm, '--filter', '@linkledger/web', 'run', 'build']);
}

/** Whether this run may install Debian packages itself: as root, with apt-get. */
const canAptInstall = () => process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
let aptUpdated = false;

/**
 * `apt-get install` of one Debian package (after one `apt-get update` per run), without
 * questions. Returns whether both commands succeeded; their output goes to the terminal.
 */
function aptInstall(name) {
  const options = { cwd: root, stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  if (!aptUpdated) {
    if (spawnSync('apt-get', ['update', '-qq'], options).status !== 0) return false;
    aptUpdated = true;
  }
  return spawnSync('apt-get', ['install', '-y', '-qq', name], options).status === 0;
}

/**
 * The browser tests drive Debian's Chromium (browser downloads do not work on our machines).
 * As root on Debian it is installed on first use; elsewhere the message says what to run.
 */
function ensureChromium() {
  const path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (existsSync(path)) return;
  if (!canAptInstall()) {
    console.error(`The browser tests need Chromium at ${path}: install it (Debian: sudo apt-get install chromium) or set CHROMIUM_PATH.`);
    process.exit(1);
  }
  console.log('Installing Chromium for the browser tests (apt-get install chromium)…');
  if (!aptInstall('chromium')) process.exit(1);
}

/**
 * The on-demand TLS test (services/src/domains/tls) runs Debian's Caddy in front of the
 * product. As root on Debian it is installed on first use; otherwise, or if that fails,
 * the test is skipped (it says why) and the run goes on.
 */
function ensureCaddy() {
  const path = process.env.CADDY_PATH ?? '/usr/bin/caddy';
  if (existsSync(path)) return;
  const skipped = 'The Caddy TLS test will be skipped';
  if (!canAptInstall()) {
    console.warn(`${skipped}: it needs Caddy at ${path} (Debian: sudo apt-get install caddy) or CADDY_PATH.`);
    return;
  }
  console.log('Installing Caddy for the on-demand TLS test (apt-get install caddy)…');
  if (!aptInstall('caddy')) {
    console.warn(`${skipped}: apt-get install caddy failed (see above).`);
    return;
  }
  // The package enables a caddy service on :80 and :443; where systemd runs, it has just
  // started. The test runs its own Caddy, so the service is stopped and left disabled.
  if (existsSync('/run/systemd/system')) spawnSync('systemctl', ['disable', '--now', 'caddy.service'], { stdio: 'inherit' });
  if (!existsSync(path)) console.warn(`${skipped}: the caddy package is installed but ${path} is missing (set CADDY_PATH).`);
}

/** Runs a long-lived Node child with the terminal's signals forwarded, exiting with its code. */
function serveNode(args) {
  const child = spawn(process.execPath, args, { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

/** A TypeScript script under tsx (the tools and benchmarks). */
const serve = (args) => serveNode(['--import', 'tsx', ...args]);

const [command, ...rest] = process.argv.slice(2);
const bin = (name) => join(root, 'node_modules', '.bin', name);
switch (command) {
  case 'start':
    ensureInstalled();
    ensureWebBuilt();
    // With ROLE set, this one role; without, the supervisor in this very process runs an
    // HTTP process and a projector process (docs/architecture.md#processes-and-modes). Either
    // way the server runs compiled ahead (services/src/supervisor/server-bundle.mjs).
    if (process.env.ROLE) {
      const { SERVER_NODE_OPTIONS, serverEntry } = await import('../services/src/supervisor/server-bundle.mjs');
      serveNode([...SERVER_NODE_OPTIONS, await serverEntry((line) => console.log(line)), ...rest]);
    } else await (await import('../services/src/supervisor/supervise.mjs')).runSupervisor();
    break;
  case 'build':
    ensureInstalled();
    ensureWebBuilt();
    break;
  case 'test':
    ensureInstalled();
    ensureWebBuilt();
    ensureChromium();
    ensureCaddy();
    run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    run(bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']);
    run(bin('vitest'), ['run', ...rest]);
    break;
  case 'typecheck':
    ensureInstalled();
    run(bin('tsc'), ['-p', 'tsconfig.json', '--noEmit']);
    run(bin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']);
    break;
  case 'lint':
    ensureInstalled();
    run(bin('eslint'), ['.', ...rest]);
    // One layout for all code (.prettierrc.json); `npx prettier --write .` applies it.
    run(bin('prettier'), ['--check', '--log-level', 'warn', '.']);
    // No export that only its own file uses (docs/architecture.md#habits).
    run(process.execPath, [join(root, 'scripts', 'unused-exports.mjs')]);
    break;
  case 'rebuild':
    ensureInstalled();
    serve(['services/src/server/rebuild.ts', ...rest]);
    break;
  case 'seal-log':
    ensureInstalled();
    serve(['services/src/privacy/seal-log-cli.ts', ...rest]);
    break;
  // The one-off move of an older embedded log to the click layout (docs/operations.md).
  case 'upgrade-log':
    ensureInstalled();
    serve(['services/src/server/upgrade-log-cli.ts', ...rest]);
    break;
  // Social sign-in providers, configured from the shell (docs/accounts.md#social-sign-in).
  case 'oauth':
    ensureInstalled();
    serve(['services/src/server/oauth-cli.ts', ...rest]);
    break;
  // Online backup of DATA_DIR, and restore into an empty one (docs/operations.md).
  case 'backup':
  case 'restore':
    ensureInstalled();
    serve([`services/src/server/${command}-cli.ts`, ...rest]);
    break;
  case 'size':
    ensureInstalled();
    ensureWebBuilt();
    run(process.execPath, [join(root, 'scripts', 'bundle-size.mjs')]);
    break;
  case 'bench':
    ensureInstalled();
    serve(['bench/src/redirect-bench.ts', ...rest]);
    break;
  case 'bench:flood':
    ensureInstalled();
    serve(['bench/src/flood-bench.ts', ...rest]);
    break;
  case 'bench:profile':
    ensureInstalled();
    serve(['bench/src/profile-bench.ts', ...rest]);
    break;
  // The data generator and the benchmarks that read its data set (see bench/RESULTS.md).
  case 'generate':
  case 'bench:analytics':
  case 'bench:rebuild':
  case 'bench:live':
  case 'bench:startup':
  case 'bench:history':
    ensureInstalled();
    if (command === 'bench:analytics' || command === 'bench:live' || command === 'bench:startup') ensureWebBuilt();
    serve([`bench/src/${command === 'generate' ? 'generate' : `${command.slice('bench:'.length)}-bench`}.ts`, ...rest]);
    break;
  default:
    console.error(
      `Unknown command ${command}. Use start, test, build, typecheck, lint, rebuild, seal-log, upgrade-log, backup, restore, size, bench, generate, bench:analytics, bench:rebuild, bench:live, bench:startup, bench:history, bench:flood or bench:profile.`,
    );
    process.exit(2);
}
