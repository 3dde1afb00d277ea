#!/usr/bin/env node
// Part of `npm run lint`: an exported name that no other file of the repository names is
// either dead or file-local, and should not be exported (docs/architecture.md#habits).
// The check is textual — a name counts as used wherever another tracked source file spells
// it — so it never reports a name that is in use; barrel files (`index.ts`) are skipped.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const CHECKED = ['contracts/src/', 'projections/src/', 'services/src/', 'web/src/'];
const SOURCE = /\.(ts|tsx|mts|mjs|js)$/;
const DECLARATION = /^export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|function\*?|class|interface|type|enum|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm;

/** `file:line name` for every exported declaration of `files` that no other file names. */
export function unusedExports(files) {
  const namedIn = new Map();
  for (const [file, text] of files) {
    for (const word of new Set(text.match(/[A-Za-z_$][\w$]*/g) ?? [])) {
      if (!namedIn.has(word)) namedIn.set(word, new Set());
      namedIn.get(word).add(file);
    }
  }
  const found = [];
  for (const [file, text] of files) {
    if (!CHECKED.some((folder) => file.startsWith(folder)) || file.endsWith('/index.ts')) continue;
    for (const match of text.matchAll(DECLARATION)) {
      const users = namedIn.get(match[1]);
      if ([...users].some((user) => user !== file)) continue;
      found.push(`${file}:${text.slice(0, match.index).split('\n').length} ${match[1]}`);
    }
  }
  return found;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = dirname(dirname(fileURLToPath(import.meta.url)));
  const listed = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  const files = new Map(
    listed
      .split('\n')
      .filter((file) => SOURCE.test(file))
      .map((file) => [file, readFileSync(join(root, file), 'utf8')]),
  );
  const found = unusedExports(files);
  for (const line of found) console.error(`${line}: exported, but no other file uses it (drop the export, or the code if it is dead)`);
  process.exit(found.length > 0 ? 1 : 0);
}
