import { describe, expect, it } from 'vitest';
import { asClickHouseError } from './clickhouse-error.ts';

describe('engine errors as analysts read them', () => {
  it('says a memory error was over the query’s limit, without the machine’s memory or resident size', () => {
    const engine = new Error(
      'Code: 241. DB::Exception: Memory limit (total) exceeded: would use 22.51 GiB (attempt to allocate chunk of 4194304 bytes), current RSS 3.10 GiB, maximum: 21.60 GiB. OvercommitTracker decision: Query was selected to stop by OvercommitTracker: While executing AggregatingTransform. (MEMORY_LIMIT_EXCEEDED) (version 25.8.1.1)',
    );
    const error = asClickHouseError(engine);
    expect(error).toMatchObject({ code: 241, codeName: 'MEMORY_LIMIT_EXCEEDED' });
    expect(error.body).not.toMatch(/GiB|RSS|\d+\.\d+/);
    expect(error.message).toContain('more memory than an analyst’s query may use');
  });

  it('replaces paths on the host’s disk', () => {
    const engine = new Error(
      'Code: 107. DB::Exception: Cannot open file /work/data/analytics/store/abc/data.bin, errno: 2. (FILE_DOESNT_EXIST) (version 25.8.1.1)',
    );
    const error = asClickHouseError(engine);
    expect(error.message).toBe('Cannot open file <path>, errno: 2');
    expect(error.codeName).toBe('FILE_DOESNT_EXIST');
  });

  it('leaves other messages as the engine gave them', () => {
    const error = asClickHouseError(new Error("Code: 62. DB::Exception: Syntax error: failed at position 8 ('FORM'). (SYNTAX_ERROR) (version 25.8.1.1)"));
    expect(error.message).toBe("Syntax error: failed at position 8 ('FORM')");
  });
});
