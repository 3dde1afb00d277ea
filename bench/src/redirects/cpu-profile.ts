import { existsSync, readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { fileURLToPath } from 'node:url';

/** A V8 CPU profile (`--cpu-prof`), as much of it as the summary reads. */
export interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }; children?: number[] }[];
  samples: number[];
  timeDeltas: number[];
}

/**
 * The profile with each frame of a compiled file (services/dist) named by its source file and
 * line, through the build's source maps: V8 profiles the code it ran.
 */
export function withSourceFrames(profile: CpuProfile): CpuProfile {
  const maps = new Map<string, SourceMap | null>();
  const mapOf = (url: string) => {
    if (!maps.has(url)) {
      const file = url.startsWith('file:') ? `${fileURLToPath(url)}.map` : '';
      maps.set(url, file && existsSync(file) ? new SourceMap(JSON.parse(readFileSync(file, 'utf8'))) : null);
    }
    return maps.get(url)!;
  };
  for (const node of profile.nodes) {
    const frame = node.callFrame;
    const entry = mapOf(frame.url)?.findEntry(frame.lineNumber, frame.columnNumber ?? 0);
    if (entry && 'originalSource' in entry) {
      frame.url = entry.originalSource;
      frame.lineNumber = entry.originalLine;
      frame.columnNumber = entry.originalColumn;
    }
  }
  return profile;
}

/** Samples under these frames are start-up (module loading, transpiling), left out. */
const START_UP = /esm\/|cjs\/loader|compileSourceTextModule|register-.*\.mjs|\bbuildApp\b|\bmain src\/main/;

/**
 * Areas of the redirect process. A sample goes to the area of the innermost frame of its
 * stack that any area names (so the SQLite commit under a sync's callback counts as commit).
 */
const AREAS: [string, RegExp][] = [
  ['garbage collection', /^\(garbage collector\)/],
  ['event store: WAL sync (thread-pool hand-off)', /wal-sync\.ts|fdatasync/],
  ['event store: commit (SQLite insert + commit)', /sqlite-commit\.mjs|commitHere/],
  ['event store: append, tail, subscribers', /sqlite-event-store\.ts|catch-up\.ts|personal-data-vault\.ts|link-cache\.ts|live\/hub/],
  ['projectors (read model, analytics)', /projections\/src|read-model|clicks-target|analytics/],
  ['socket writes (the 302 leaving)', /Socket\._write|writeGeneric|writev|writeLatin1String|writeUtf8String/],
  ['redirect logic (lookup, click, visitor hash, country)', /redirect\/|click-event/],
  ['HTTP parsing and response (node:http)', /_http_|node:net|node:events|stream_base/],
];

const frameKey = (frame: CpuProfile['nodes'][number]['callFrame']) =>
  `${frame.functionName || '(anonymous)'} ${frame.url.split('/').slice(-2).join('/')}${frame.url && !frame.url.startsWith('node:') ? `:${frame.lineNumber + 1}` : ''}`;

/** Busy time by area and the busiest functions (self time), as markdown. */
export function summarizeProfile(compiled: CpuProfile, top = 15): string {
  const profile = withSourceFrames(compiled);
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const time = new Map<number, number>();
  profile.samples.forEach((id, i) => time.set(id, (time.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const areas = new Map<string, number>();
  const self = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  for (const [id, micros] of time) {
    const node = byId.get(id)!;
    if (node.callFrame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const stack: string[] = [];
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) stack.push(frameKey(byId.get(at)!.callFrame));
    if (stack.some((frame) => START_UP.test(frame))) continue;
    let area = 'other (timers, promises, program)';
    for (const frame of stack) {
      const named = AREAS.find(([, pattern]) => pattern.test(frame));
      if (named) {
        area = named[0];
        break;
      }
    }
    busy += micros;
    areas.set(area, (areas.get(area) ?? 0) + micros);
    self.set(stack[0]!, (self.get(stack[0]!) ?? 0) + micros);
  }
  const pct = (micros: number) => `${((100 * micros) / busy).toFixed(1)} %`;
  const lines = [
    `Main thread: ${(busy / 1e6).toFixed(2)} s busy (start-up left out), ${(idle / 1e6).toFixed(2)} s idle.`,
    '',
    '| area | share of busy time |',
    '| --- | --- |',
    ...[...areas].sort((a, b) => b[1] - a[1]).map(([area, micros]) => `| ${area} | ${pct(micros)} |`),
    '',
    '| function (self time) | share |',
    '| --- | --- |',
    ...[...self]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `| ${name.replaceAll('|', '\\|')} | ${pct(micros)} |`),
  ];
  return lines.join('\n');
}
