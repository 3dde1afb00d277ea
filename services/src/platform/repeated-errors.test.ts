import { describe, expect, it } from 'vitest';
import { RepeatedErrors, errorKind } from './repeated-errors.ts';

const full = () => Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });

function logWith(options: { intervalMs?: number; maxKinds?: number } = {}) {
  let now = 1_000_000;
  const lines: { message: string; repeats?: number; seconds?: number; error?: unknown }[] = [];
  const log = new RepeatedErrors({ now: () => now, write: (line) => lines.push(line), ...options });
  return { log, lines, advance: (ms: number) => (now += ms), setNow: (ms: number) => (now = ms) };
}

describe('repeated errors in the log', () => {
  it('writes the first error of a kind in full, holds back its repeats, and writes their count once the interval is over', () => {
    const { log, lines, advance } = logWith();
    for (let i = 0; i < 5000; i++) log.report(full(), 'Redirect failed');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ message: 'Redirect failed', error: expect.objectContaining({ code: 'SQLITE_FULL' }) });

    advance(9_999);
    log.flush();
    expect(lines).toHaveLength(1);
    advance(1);
    log.flush();
    expect(lines[1]).toEqual({ message: 'Redirect failed (4999 more like it in 10 s)', kind: 'Redirect failed|SQLITE_FULL', repeats: 4999, seconds: 10 });
    // Nothing is held back any more: another flush writes nothing.
    log.flush();
    expect(lines).toHaveLength(2);
  });

  it('starts a new interval with the error in full when the kind comes back after one is over', () => {
    const { log, lines, advance } = logWith();
    log.report(full(), 'Redirect failed');
    log.report(full(), 'Redirect failed');
    advance(12_000);
    log.report(full(), 'Redirect failed');
    expect(lines.map((line) => [line.message, line.error === undefined])).toEqual([
      ['Redirect failed', false],
      ['Redirect failed (1 more like it in 12 s)', true],
      ['Redirect failed', false],
    ]);
  });

  it('writes no count for an error that came once', () => {
    const { log, lines, advance } = logWith();
    log.report(full(), 'Redirect failed');
    advance(60_000);
    log.flush();
    expect(lines).toHaveLength(1);
  });

  it('counts each kind apart: by where it was logged and by its code', () => {
    const { log, lines, advance } = logWith();
    const io = () => Object.assign(new Error('disk I/O error'), { code: 'SQLITE_IOERR' });
    for (let i = 0; i < 3; i++) {
      log.report(full(), 'Redirect failed');
      log.report(io(), 'Redirect failed');
      log.report(full(), 'A write was refused');
    }
    expect(lines).toHaveLength(3);
    advance(10_000);
    log.flush();
    expect(lines.slice(3).map((line) => line.repeats)).toEqual([2, 2, 2]);
  });

  it('takes errors that differ only in a number (a position, an id) for the same kind', () => {
    expect(errorKind(new Error('no event at position 17'), 'Read failed')).toBe(errorKind(new Error('no event at position 4242'), 'Read failed'));
    expect(errorKind(new Error('no event at position 17'), 'Read failed')).not.toBe(errorKind(new TypeError('no event at position 17'), 'Read failed'));
  });

  it('closes the interval when the clock steps back, instead of holding lines back until it catches up', () => {
    const { log, lines, setNow } = logWith();
    log.report(full(), 'Redirect failed');
    log.report(full(), 'Redirect failed');
    setNow(1_000_000 - 2 * 60 * 60 * 1000);
    log.report(full(), 'Redirect failed');
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatchObject({ repeats: 1 });
  });

  it('tracks a bounded number of kinds: past it the oldest interval is closed and its count written', () => {
    const { log, lines } = logWith({ maxKinds: 2 });
    log.report(new Error('a'), 'One');
    log.report(new Error('a'), 'One');
    log.report(new Error('b'), 'Two');
    log.report(new Error('c'), 'Three');
    expect(lines.map((line) => line.message)).toEqual(['One', 'Two', 'One (1 more like it in 0 s)', 'Three']);
  });
});
