import { describe, expect, it } from 'vitest';
import { diffStates } from './state-diff.ts';

describe('diffStates', () => {
  const v1 = { id: 1, destination: 'https://example.com/v1', title: null, is_active: true, tags: { a: 1, b: 2 } };

  it('lists the fields that differ, in the later state’s order', () => {
    const v2 = { ...v1, destination: 'https://example.com/v2', title: 'Checked' };
    expect(diffStates(v1, v2)).toEqual([
      { field: 'destination', before: 'https://example.com/v1', after: 'https://example.com/v2' },
      { field: 'title', before: null, after: 'Checked' },
    ]);
  });

  it('compares nested values by content, whatever their key order', () => {
    expect(diffStates(v1, { ...v1, tags: { b: 2, a: 1 } })).toEqual([]);
    expect(diffStates(v1, { ...v1, tags: { a: 1, b: 3 } })).toEqual([{ field: 'tags', before: { a: 1, b: 2 }, after: { a: 1, b: 3 } }]);
  });

  it('treats a missing state (before the entity existed) as every field missing', () => {
    expect(diffStates(null, { id: 1, title: null })).toEqual([
      { field: 'id', before: undefined, after: 1 },
      { field: 'title', before: undefined, after: null },
    ]);
    expect(diffStates({ id: 1 }, null)).toEqual([{ field: 'id', before: 1, after: undefined }]);
    expect(diffStates(null, null)).toEqual([]);
  });

  it('keeps fields only the earlier state had, after the others', () => {
    expect(diffStates({ a: 1, gone: 'x' }, { a: 2 })).toEqual([
      { field: 'a', before: 1, after: 2 },
      { field: 'gone', before: 'x', after: undefined },
    ]);
  });
});
