#!/usr/bin/env node
// Prints what a first visit downloads before the app can run: the entry script and the
// chunks index.html preloads (the initial JavaScript), and the stylesheets, raw and gzipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ?? join(import.meta.dirname, '..', 'web', 'dist');
const html = readFileSync(join(dist, 'index.html'), 'utf8');
const attr = (tag, name) => tag.match(new RegExp(`${name}="([^"]+)"`))?.[1];
const tags = html.match(/<(script|link)\b[^>]*>/g) ?? [];
const scripts = tags.filter((t) => t.startsWith('<script') && /type="module"/.test(t)).map((t) => attr(t, 'src'));
const preloads = tags.filter((t) => /rel="modulepreload"/.test(t)).map((t) => attr(t, 'href'));
const styles = tags.filter((t) => /rel="stylesheet"/.test(t)).map((t) => attr(t, 'href'));

const measure = (files) =>
  files.filter(Boolean).map((file) => {
    const bytes = readFileSync(join(dist, file.replace(/^\//, '')));
    return { file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
  });
const kb = (n) => `${(n / 1024).toFixed(1)} kB`;
const report = (title, rows) => {
  const raw = rows.reduce((sum, r) => sum + r.raw, 0);
  const gzip = rows.reduce((sum, r) => sum + r.gzip, 0);
  console.log(`${title}: ${kb(raw)} raw, ${kb(gzip)} gzip`);
  for (const r of rows) console.log(`  ${r.file}  ${kb(r.raw)} raw, ${kb(r.gzip)} gzip`);
  return { raw, gzip };
};

console.log(`Initial download of ${dist}/index.html`);
const js = report('Initial JavaScript', measure([...scripts, ...preloads]));
report('CSS', measure(styles));
console.log(`Initial JavaScript (gzip): ${kb(js.gzip)}`);
