import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS } from './catalogue.ts';

/** docs/plans.md's feature table says what the catalogue grants (issue #29: it said no plan grants custom domains). */
describe('docs/plans.md against the catalogue', () => {
  const page = readFileSync(new URL('../../../docs/plans.md', import.meta.url), 'utf8');
  const section = page.slice(page.indexOf('## Features'), page.indexOf('## Feature gate'));
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    );
  const header = section
    .split('\n')
    .find((line) => line.startsWith('| feature |'))!
    .split('|')
    .slice(2, -1)
    .map((cell) => cell.trim().toLowerCase());

  it('each row says yes exactly for the plans that grant its features, and every granted feature has a row', () => {
    const documented = new Set<string>();
    for (const [keys, ...answers] of rows) {
      for (const key of [...keys!.matchAll(/`(\w+)`/g)].map((match) => match[1]!)) {
        documented.add(key);
        header.forEach((planName, index) => {
          const plan = DEFAULT_PLANS.find((candidate) => candidate.name === planName)!;
          expect(answers[index], `${key} on ${planName}`).toBe(plan.features.includes(key as never) ? 'yes' : 'no');
        });
      }
    }
    const granted = new Set(DEFAULT_PLANS.flatMap((plan) => plan.features));
    expect([...granted].filter((key) => !documented.has(key))).toEqual([]);
  });
});
