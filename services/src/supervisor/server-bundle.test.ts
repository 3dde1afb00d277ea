import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { eventually } from '../testing/eventually.ts';
import { CHROME, countsOver, createLinkOver, signUpOver } from '../testing/http-client.ts';
import { childrenOf } from '../testing/processes.ts';
import { startCompiledServerProcess } from '../testing/server-process.ts';
import { serverEntry } from './server-bundle.mjs';

const MAIN_SOURCE = fileURLToPath(new URL('../server/main.ts', import.meta.url));
const BUNDLER = new URL('./server-bundle.mjs', import.meta.url).href;
const execFileAsync = promisify(execFile);
const dirs: string[] = [];
const newDir = (what: string) => {
  const dir = mkdtempSync(join(tmpdir(), `linkledger-${what}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** esbuild service processes started by this one. */
const esbuildServices = () =>
  childrenOf(process.pid).filter((pid) => {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('--service');
    } catch {
      return false; // gone meanwhile
    }
  });

/** `…/node_modules/@scope/name/file.js` → `@scope/name`; a built-in stays as it is. */
const packageName = (specifier: string) => {
  const inside = specifier.slice(specifier.lastIndexOf('/node_modules/') + '/node_modules/'.length).split('/');
  return specifier.includes('/node_modules/') ? inside.slice(0, inside[0]!.startsWith('@') ? 2 : 1).join('/') : specifier;
};

/** The packages a compiled entry imports before anything runs: its static imports, followed through its chunks. */
function packagesLoadedAtStart(entry: string): string[] {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const [, from, bare] of text.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*"([^"]+)"|^import\s*"([^"]+)"/gm)) {
      const specifier = from ?? bare ?? '';
      if (specifier.startsWith('./')) visit(join(dirname(file), specifier));
      else packages.add(packageName(specifier));
    }
  };
  visit(entry);
  return [...packages];
}

/** serverEntry into `out`, with the lines it said. */
const entryInto = async (out: string) => {
  const said: string[] = [];
  const entry = await serverEntry((line: string) => said.push(line), out);
  return { entry, said };
};
const editManifest = (out: string, change: (manifest: Record<string, unknown>) => void) => {
  const file = join(out, 'current.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  change(manifest);
  writeFileSync(file, JSON.stringify(manifest));
};

describe('the server compiled ahead (npm start)', () => {
  it('compiles once, then again only when a source is newer than the build, Node changed or the checkout moved, keeping the older build for processes started from it', async () => {
    const out = newDir('server-build');
    const first = await entryInto(out);
    expect(first.said).toEqual([expect.stringMatching(/^compiled the server \(\d+ sources\) in \d+ ms$/)]);
    expect(first.entry.startsWith(out)).toBe(true);
    expect(existsSync(first.entry)).toBe(true);
    // Stack traces name the TypeScript sources, which the map points to on disk.
    const map = JSON.parse(readFileSync(`${first.entry}.map`, 'utf8')) as { sources: string[] };
    expect(map.sources.map((source) => join(dirname(first.entry), source))).toContain(MAIN_SOURCE);

    // What every process loads at start: the packages that only some installations or some
    // requests need (mail transports, receipts, payments, server stores) are loaded on first use.
    const atStart = packagesLoadedAtStart(first.entry);
    expect(atStart).toEqual(expect.arrayContaining(['better-sqlite3', 'zod']));
    for (const later of ['pdfkit', 'nodemailer', '@sendgrid/mail', 'razorpay', 'mongodb', '@kurrent/kurrentdb-client', 'fastify'])
      expect(atStart).not.toContain(later);

    expect(await entryInto(out)).toEqual({ entry: first.entry, said: [] });
    // esbuild's service process is gone with the build: it would hold ~50 MiB for the supervisor's lifetime.
    expect(esbuildServices()).toEqual([]);

    editManifest(out, (manifest) => (manifest['builtAt'] = statSync(MAIN_SOURCE).mtimeMs));
    const edited = await entryInto(out);
    expect(edited.said).toHaveLength(1);
    expect(edited.entry).not.toBe(first.entry);
    expect(existsSync(first.entry)).toBe(true);

    editManifest(out, (manifest) => (manifest['node'] = 'v0.0.0'));
    const otherNode = await entryInto(out);
    expect(otherNode.said).toHaveLength(1);
    expect(otherNode.entry).not.toBe(edited.entry);

    editManifest(out, (manifest) => (manifest['inputs'] = [...(manifest['inputs'] as string[]), 'services/src/gone.ts']));
    expect((await entryInto(out)).said).toHaveLength(1);

    // Built in a checkout that has since moved: its absolute paths lead nowhere.
    editManifest(out, (manifest) => (manifest['root'] = '/somewhere/else/'));
    expect((await entryInto(out)).said).toHaveLength(1);
  }, 60_000);

  it('lets processes that start together each get a whole build, and builds once within a process', async () => {
    const out = newDir('server-build-race');
    const script = `import { serverEntry } from ${JSON.stringify(BUNDLER)}; console.log(await serverEntry(() => {}, ${JSON.stringify(out)}));`;
    const inProcesses = Promise.all(
      [1, 2, 3].map(() => execFileAsync(process.execPath, ['--input-type=module', '-e', script]).then(({ stdout }) => stdout.trim())),
    );
    const inThisProcess = Promise.all([entryInto(out), entryInto(out)]);
    const entries = [...(await inProcesses), ...(await inThisProcess).map(({ entry }) => entry)];
    for (const entry of entries) expect(readFileSync(entry, 'utf8')).toContain('ROLE');
    const [mine, again] = await inThisProcess;
    expect(again!.entry).toBe(mine!.entry);
    expect([...mine!.said, ...again!.said].length).toBeLessThanOrEqual(1);
    const current = JSON.parse(readFileSync(join(out, 'current.json'), 'utf8')) as { entry: string };
    expect(entries).toContain(current.entry);
  }, 60_000);

  it('runs from a folder outside the repository: dependencies, schemas, workers and the web app are found from the sources', async () => {
    const { entry } = await entryInto(newDir('server-build-elsewhere'));
    const dataDir = newDir('compiled-data');
    const server = await startCompiledServerProcess(entry, { DATA_DIR: dataDir, ROLE: 'all' });
    try {
      const page = await fetch(`${server.baseUrl}/`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<div id="root">');
      const token = await signUpOver(server.baseUrl, 'compiled@example.com');
      const link = await createLinkOver(server.baseUrl, token, 'https://example.com/compiled');
      const redirect = await fetch(`${server.baseUrl}/${link.short_code}`, { redirect: 'manual', headers: { 'user-agent': CHROME } });
      expect(redirect.status).toBe(302);
      expect(redirect.headers.get('location')).toBe('https://example.com/compiled');
      await eventually(async () => (await countsOver(server.baseUrl, token, link.id)).analytics === 1, 30_000, 'the click in the analytics');
    } finally {
      await server.kill('SIGTERM');
    }
    expect(server.output()).not.toMatch(/"level":(50|60)/);
  }, 90_000);
});
