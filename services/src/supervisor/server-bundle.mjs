// @ts-check
// The server as `npm start` runs it: services/src/server/main.ts compiled ahead into JavaScript
// (docs/architecture.md#processes-and-modes). A process that loads TypeScript through tsx
// carries the loader's own thread and compiles every module as it starts; the compiled
// server starts sooner and smaller. The build is redone only when a source it was made
// from changed, and each build goes to a new folder, so processes that start while another
// builds never read a half-written one.
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SOURCE = join(ROOT, 'services', 'src', 'server', 'main.ts');
const OUT = join(ROOT, 'services', 'dist');
/** Older builds are removed once they are this old: a process started from one has loaded it by then. */
const KEEP_OLD_MS = 60 * 60_000;

/**
 * The dependencies and the files beside the sources are found by absolute paths, so a changed
 * lockfile or a moved checkout means a new build, as does another Node (the build targets the
 * running version).
 * @typedef {{ entry: string, builtAt: number, node: string, root: string, inputs: string[] }} Manifest
 */

/** @param {string} out @returns {Manifest | null} */
function readManifest(out) {
  try {
    return JSON.parse(readFileSync(join(out, 'current.json'), 'utf8'));
  } catch {
    return null;
  }
}

/** Whether the build is there and no source it was made from changed or went away since. @param {Manifest} manifest */
function isFresh(manifest) {
  if (manifest.node !== process.version || manifest.root !== ROOT || !existsSync(manifest.entry)) return false;
  return manifest.inputs.every((input) => {
    try {
      return statSync(join(ROOT, input)).mtimeMs < manifest.builtAt;
    } catch {
      return false;
    }
  });
}

/**
 * esbuild plugin: the workspace's own packages are compiled in; every other package stays an
 * import of the file Node would load from the importing source (pnpm gives each workspace
 * package its own node_modules), and `import.meta.url` keeps naming the source file, so the
 * files found next to it (schemas, the web app, workers, package.json) are still found.
 * @type {import('esbuild').Plugin}
 */
const keepSourceLocations = {
  name: 'keep-source-locations',
  setup(build) {
    const again = Symbol('resolving a dependency');
    build.onResolve({ filter: /^[^./]/ }, async (args) => {
      if (args.pluginData === again || args.path.startsWith('@linkledger/')) return undefined;
      if (isBuiltin(args.path)) return { external: true };
      const found = await build.resolve(args.path, { kind: args.kind, importer: args.importer, resolveDir: args.resolveDir, pluginData: again });
      if (found.errors.length > 0) return { errors: found.errors };
      return { path: pathToFileURL(found.path).href, external: true };
    });
    build.onLoad({ filter: /\.(ts|mjs)$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: args.path.endsWith('.ts') ? 'ts' : 'js' };
    });
  },
};

/** Builds into a new folder, then points the manifest at it. @param {string} out @param {(line: string) => void} say */
async function buildServer(out, say) {
  const { build, stop } = await import('esbuild');
  const builtAt = Date.now();
  const folder = join(out, `build-${builtAt}-${process.pid}-${Math.random().toString(36).slice(2, 8)}`);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: { main: SOURCE },
    outdir: folder,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // The projector never loads the HTTP app: lazily imported modules stay in their own files.
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: `node${process.versions.node.split('.')[0]}`,
    // Resolve as Node does (no bundler-only "module" builds).
    conditions: ['node'],
    mainFields: ['main'],
    sourcemap: 'linked',
    sourcesContent: false,
    metafile: true,
    logLevel: 'error',
    plugins: [keepSourceLocations],
  }).finally(() => stop()); // esbuild's service process would otherwise live (and hold ~50 MiB) as long as this one
  const inputs = [...Object.keys(result.metafile.inputs), 'pnpm-lock.yaml'];
  /** @type {Manifest} */
  const manifest = { entry: join(folder, 'main.mjs'), builtAt, node: process.version, root: ROOT, inputs };
  const next = join(folder, 'current.json');
  writeFileSync(next, JSON.stringify(manifest));
  renameSync(next, join(out, 'current.json'));
  say(`compiled the server (${inputs.length - 1} sources) in ${Date.now() - builtAt} ms`);
  for (const name of readdirSync(out)) {
    const path = join(out, name);
    if (name.startsWith('build-') && path !== folder && Date.now() - statSync(path).mtimeMs > KEEP_OLD_MS) rmSync(path, { recursive: true, force: true });
  }
  return manifest.entry;
}

/** The build under way in this process, by output folder. @type {Map<string, Promise<string>>} */
const builds = new Map();

/**
 * The compiled server's entry file, built first when missing or older than its sources.
 * @param {(line: string) => void} [say] told when a build happens
 * @param {string} [out] where the builds go (services/dist)
 * @returns {Promise<string>}
 */
export async function serverEntry(say = () => {}, out = OUT) {
  const manifest = readManifest(out);
  if (manifest && isFresh(manifest)) return manifest.entry;
  // One build at a time in a process: they share esbuild's service, which each build stops.
  let building = builds.get(out);
  if (!building) {
    mkdirSync(out, { recursive: true });
    building = buildServer(out, say).finally(() => builds.delete(out));
    builds.set(out, building);
  }
  return building;
}

/** Node options for a compiled server process: stack traces name the TypeScript sources. */
export const SERVER_NODE_OPTIONS = ['--enable-source-maps'];
