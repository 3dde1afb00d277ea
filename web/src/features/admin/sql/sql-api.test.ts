import { describe, expect, it } from 'vitest';
import { cellText, queryParameters } from './sql-api.ts';

describe('the SQL console’s helpers', () => {
  it('finds each {name:Type} placeholder once, in order', () => {
    expect(queryParameters('SELECT {a:UInt8}, {b: Array(String)} WHERE x = {a:UInt8} AND y = {c:Map(String, UInt8)}')).toEqual([
      { name: 'a', type: 'UInt8' },
      { name: 'b', type: 'Array(String)' },
      { name: 'c', type: 'Map(String, UInt8)' },
    ]);
    expect(queryParameters("SELECT '{not a param}'")).toEqual([]);
  });

  it('shows cells as text', () => {
    expect([cellText('a'), cellText(null), cellText(3), cellText([1, 'x'])]).toEqual(['a', 'NULL', '3', '[1,"x"]']);
  });
});
