import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PLANS, FEATURE_KEYS, type FeatureKey } from '@linkledger/contracts';

// A key a plan grants must gate real behaviour on the server (docs/plans.md#feature-gate): this
// reads the server's sources and finds, for each key, the gates that name it.

interface Source {
  path: string;
  text: string;
}

/** The code without its comments, so a key named in a comment gates nothing (`://` in addresses is kept). */
const withoutComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');

/** A line that checks a feature: the route declaration's `feature`, `requireFeature(…)` (the gate and the access hook's) or a plan's `features.includes(…)`. */
const GATE = /requireFeature\(|features\.includes\(|\bfeature(\s*:\s*[\w{]|\s*[,}])/;

/** The key as code names it: a string literal, or an object's property (a map of keys to their refusals); never words in a text. */
const namesKey = (code: string, key: string) =>
  code.includes(`'${key}'`) || new RegExp(`(^|[\\s{,])${key}\\s*:`, 'm').test(code.replace(/'(?:[^'\\]|\\.)*'|`[^`]*`/g, "''"));

/** Top-level and local `const NAME = …;` declarations, each with the code of its value. */
function constants(code: string): { name: string; value: string }[] {
  return [...code.matchAll(/\bconst (\w+)(?:\s*:[^=]+)?\s*=\s*([\s\S]*?);[ \t]*$/gm)].map((match) => ({ name: match[1]!, value: match[2]! }));
}

const importsName = (code: string, name: string) => new RegExp(`import\\s*(type\\s*)?\\{[^}]*\\b${name}\\b[^}]*\\}\\s*from`).test(code);

/**
 * Where each key is gated: a gate line that names the key itself, or names a constant whose value
 * names it (directly or through another such constant), in the constant's own file or a file that
 * imports it.
 */
function gatesOf(sources: readonly Source[], keys: readonly string[]): Map<string, string[]> {
  const codes = sources.map((source) => ({ path: source.path, code: withoutComments(source.text) }));
  const gates = new Map<string, string[]>(keys.map((key) => [key, []]));
  for (const key of keys) {
    // The constants bound to the key, grown until no constant refers to one bound already.
    const bound: { name: string; path: string }[] = [];
    let grown = true;
    while (grown) {
      grown = false;
      for (const { path, code } of codes) {
        for (const { name, value } of constants(code)) {
          if (bound.some((each) => each.name === name && each.path === path)) continue;
          const viaBound = bound.some((each) => (each.path === path || importsName(code, each.name)) && new RegExp(`\\b${each.name}\\b`).test(value));
          if (namesKey(value, key) || viaBound) {
            bound.push({ name, path });
            grown = true;
          }
        }
      }
    }
    for (const { path, code } of codes) {
      const gateLines = code.split('\n').filter((line) => GATE.test(line));
      const direct = gateLines.some((line) => line.includes(`'${key}'`));
      const named = bound.some(
        (each) => (each.path === path || importsName(code, each.name)) && gateLines.some((line) => new RegExp(`\\b${each.name}\\b`).test(line)),
      );
      if (direct || named) gates.get(key)!.push(path);
    }
  }
  return gates;
}

const SERVICES = fileURLToPath(new URL('..', import.meta.url));

function serverSources(folder: string): Source[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return serverSources(path);
    if (!entry.name.endsWith('.ts') || entry.name.endsWith('.test.ts') || entry.name.endsWith('.contract.ts')) return [];
    return [{ path: relative(SERVICES, path), text: readFileSync(path, 'utf8') }];
  });
}

describe('finding where a feature key is gated', () => {
  const gated = (text: string) => gatesOf([{ path: 'a.ts', text }], ['webhooks']).get('webhooks')!.length > 0;

  it('counts a route’s feature, requireFeature and a plan’s features.includes naming the key', () => {
    expect(gated(`routesFor(app, { access: 'user', feature: { key: 'webhooks', refusal: NO } });`)).toBe(true);
    expect(gated(`await requireFeature(platform, workspaceId, 'webhooks', NO);`)).toBe(true);
    expect(gated(`if (!plan.features.includes('webhooks')) throw forbidden(NO);`)).toBe(true);
  });

  it('counts a named constant a gate uses, in its file or one that imports it', () => {
    expect(gated(`const HOOKS = { key: 'webhooks', refusal: NO } as const;\nroutesFor(app, { access: 'user', feature: HOOKS });`)).toBe(true);
    expect(
      gated(`const KIND = { hooks: 'webhooks' } as const;\nconst HOOKS = { key: KIND.hooks, refusal: NO };\nawait requireFeature(p, id, HOOKS.key, NO);`),
    ).toBe(true);
    expect(
      gated(
        `const REFUSALS = {\n  webhooks: 'Upgrade to send webhooks.',\n} as const;\nconst missing = Object.keys(REFUSALS).find((f) => !plan.features.includes(f));`,
      ),
    ).toBe(true);
    const declared = { path: 'a.ts', text: `export const HOOKS = { key: 'webhooks', refusal: NO } as const;` };
    const user = { path: 'b.ts', text: `import { HOOKS } from './a.ts';\nroutesFor(app, { access: 'user', feature: HOOKS });` };
    expect(gatesOf([declared, user], ['webhooks']).get('webhooks')).toEqual(['b.ts']);
  });

  it('does not count a key named only in a comment, a text, an unused constant or a gate of another file that does not import it', () => {
    expect(gated(`// await requireFeature(platform, id, 'webhooks', NO);\n/* feature: { key: 'webhooks' } */`)).toBe(false);
    expect(gated(`const NO = 'Your plan has no webhooks: features.includes(webhooks) is false';\nawait requireFeature(p, id, 'api_access', NO);`)).toBe(false);
    expect(gated(`const HOOKS = { key: 'webhooks', refusal: NO } as const;\nexport const LABEL = HOOKS.key;`)).toBe(false);
    const declared = { path: 'a.ts', text: `const HOOKS = { key: 'webhooks' } as const;` };
    const other = { path: 'b.ts', text: `routesFor(app, { access: 'user', feature: HOOKS });` };
    expect(gatesOf([declared, other], ['webhooks']).get('webhooks')).toEqual([]);
  });
});

describe('every feature key a plan grants', () => {
  const granted = FEATURE_KEYS.filter((key) => DEFAULT_PLANS.some((plan) => plan.features.includes(key)));
  const gates = gatesOf(serverSources(SERVICES), granted);

  it.each(granted)('%s gates real behaviour on the server', (key: FeatureKey) => {
    expect(gates.get(key), `${key} is granted by a plan but no server code checks it (docs/plans.md#feature-gate)`).not.toEqual([]);
  });
});
