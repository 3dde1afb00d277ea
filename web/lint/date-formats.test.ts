import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Dates are written in one place, web/src/format/dates.ts (docs/web-app.md#formats): a screen
// that formats a date itself drifts from the others, as "Nov 27, 2027" once sat above "27 Nov 2027".

/** What formats a date by hand: these calls, or date options handed to toLocaleString. */
const FORMATS_A_DATE = /toLocaleDateString|toLocaleTimeString|Intl\.DateTimeFormat|dateStyle|timeStyle|\b(?:month|weekday):\s*'/;

function sourcesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('one place formats dates', () => {
  it('no screen of web/src formats a date itself: every date goes through format/dates.ts', () => {
    const src = fileURLToPath(new URL('../src/', import.meta.url));
    const dates = fileURLToPath(new URL('../src/format/dates.ts', import.meta.url));
    const offenders = sourcesUnder(src)
      .filter((path) => path !== dates)
      .flatMap((path) =>
        readFileSync(path, 'utf8')
          .split('\n')
          .flatMap((line, index) => (FORMATS_A_DATE.test(line) ? [`${relative(src, path)}:${index + 1}: ${line.trim()}`] : [])),
      );
    expect(offenders).toEqual([]);
  });
});
