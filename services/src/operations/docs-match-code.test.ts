import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The README and docs/ describe the product as built: a command they name exists, and the
 * folder lists name every folder there is (issue #29: `npm run oauth` was documented and
 * missing; the lists named 5 to 8 features of 20).
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const documents = [
  'README.md',
  ...readdirSync(join(root, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
const folders = (path: string) =>
  readdirSync(join(root, path))
    .filter((name) => statSync(join(root, path, name)).isDirectory())
    .sort();

/** npm's own commands a page may name besides the scripts (`npm install`, `npm ci`). */
const NPM_COMMANDS = new Set(['install', 'ci', 'exec', 'init', 'version']);
/** Scripts npm runs without `run`. */
const NPM_SHORTHANDS = new Set(['start', 'test', 'stop', 'restart']);

/** Every `npm run X` and `npm X` a page names, with the page. */
function namedCommands(text: string): { command: string; script: string | null }[] {
  const found: { command: string; script: string | null }[] = [];
  for (const match of text.matchAll(/\bnpm(?: run)? ([a-z][\w:.-]*)/g)) {
    const ran = match[0].startsWith('npm run ');
    const name = match[1]!;
    if (ran) found.push({ command: match[0], script: name });
    else if (NPM_SHORTHANDS.has(name)) found.push({ command: match[0], script: name });
    else if (!NPM_COMMANDS.has(name)) found.push({ command: match[0], script: null });
  }
  return found;
}

/** The backticked `name/` folders of a table row that starts with the given cell. */
function listedFolders(text: string, firstCell: string): string[] {
  const row = text.split('\n').find((line) => line.startsWith(`| ${firstCell} |`));
  if (!row) throw new Error(`no row for ${firstCell}`);
  const holds = row.slice(row.indexOf('|', 2));
  return [...holds.matchAll(/`([\w-]+)\/`/g)].map((match) => match[1]!);
}

describe('the docs match the code', () => {
  it('reads commands the way npm runs them', () => {
    expect(namedCommands('run `npm run backup -- DIR`, then `npm start`; `npm install` first; `npm frobnicate`')).toEqual([
      { command: 'npm run backup', script: 'backup' },
      { command: 'npm start', script: 'start' },
      { command: 'npm frobnicate', script: null },
    ]);
  });

  it('every command named in README.md or docs/ is a script in package.json', () => {
    const missing = documents.flatMap((page) =>
      namedCommands(read(page))
        .filter(({ script }) => script === null || !scripts.includes(script))
        .map(({ command }) => `${page}: ${command}`),
    );
    expect(missing).toEqual([]);
  });

  it('the folder lists of README.md and docs/architecture.md name every folder of services/src and web/src/features', () => {
    const services = folders('services/src');
    expect(listedFolders(read('README.md'), '`services/`').sort()).toEqual(services);
    expect(listedFolders(read('docs/architecture.md'), '`services/`').sort()).toEqual(services);

    const features = folders('web/src/features');
    const readmeWeb = read('README.md')
      .split('\n')
      .find((line) => line.startsWith('| `web/` |'))!;
    expect(
      [...readmeWeb.slice(readmeWeb.indexOf('web/src/features/'), readmeWeb.indexOf('(`site/`')).matchAll(/`([\w-]+)\/`/g)].map((match) => match[1]).sort(),
    ).toEqual(features);
    const sentence = /`web\/src\/features\/<name>\/` holds one product area each:([^.]*)\./.exec(read('docs/architecture.md'))?.[1] ?? '';
    expect([...sentence.matchAll(/`([\w-]+)`/g)].map((match) => match[1]).sort()).toEqual(features);
  });
});
