import { describe, expect, it } from 'vitest';
import { unusedExports } from './unused-exports.mjs';

describe('the unused-exports check', () => {
  it('reports an export no other file names, and only that one', () => {
    const files = new Map([
      ['services/src/a/used.ts', 'export const usedElsewhere = 1;\nexport function onlyHere() {}\nonlyHere();\n'],
      ['services/src/b/user.ts', "import { usedElsewhere } from '../a/used.ts';\nconsole.log(usedElsewhere);\n"],
    ]);
    expect(unusedExports(files)).toEqual(['services/src/a/used.ts:2 onlyHere']);
  });

  it('passes over barrels, files outside the checked packages, and types another file names', () => {
    const files = new Map([
      ['services/src/a/index.ts', 'export const reExported = 1;\n'],
      ['bench/src/tool.ts', 'export const benchOnly = 1;\n'],
      ['web/src/api/types.ts', 'export interface Shown { id: number }\nexport type Local = string;\n'],
      ['web/src/features/x/View.tsx', "import type { Shown } from '../../api/types.ts';\n"],
    ]);
    expect(unusedExports(files)).toEqual(['web/src/api/types.ts:2 Local']);
  });
});
