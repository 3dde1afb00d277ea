import { describe, expect, it } from 'vitest';
import { MAX_KEPT, emptyTail, newEventsLabel, pause, receive, resume, withPage } from './tail-buffer.ts';

const events = (...positions: number[]) => positions.map((position) => ({ position }));
const positions = (list: readonly { position: number }[]) => list.map((event) => event.position);

describe('the live tail’s buffer', () => {
  it('shows new events on top, newest first, each once', () => {
    let tail = receive(emptyTail(), events(10, 11));
    tail = receive(tail, events(11, 12), 3);
    expect(positions(tail.shown)).toEqual([12, 11, 10]);
    expect(tail.skipped).toBe(3);
  });

  it('holds and counts what arrives while paused, and shows it on resume', () => {
    let tail = pause(receive(emptyTail(), events(1)));
    tail = receive(tail, events(2, 3));
    tail = receive(tail, events(3, 4));
    expect(positions(tail.shown)).toEqual([1]);
    expect([tail.heldCount, newEventsLabel(tail.heldCount)]).toEqual([3, '3 new events']);
    tail = resume(tail);
    expect(positions(tail.shown)).toEqual([4, 3, 2, 1]);
    expect([tail.heldCount, tail.held, tail.paused]).toEqual([0, [], false]);
    expect(positions(receive(tail, events(5)).shown)).toEqual([5, 4, 3, 2, 1]);
  });

  it('keeps at most MAX_KEPT events but counts every one held', () => {
    const many = Array.from({ length: MAX_KEPT + 20 }, (_, i) => ({ position: i + 1 }));
    const tail = receive(pause(emptyTail()), many);
    expect(tail.held).toHaveLength(MAX_KEPT);
    expect(tail.heldCount).toBe(MAX_KEPT + 20);
    expect(tail.held[0]?.position).toBe(MAX_KEPT + 20);
    expect(receive(emptyTail(), many).shown).toHaveLength(MAX_KEPT);
  });

  it('merges the tail over a page read again, each position once', () => {
    expect(positions(withPage(events(12, 11), events(11, 10, 9)))).toEqual([12, 11, 10, 9]);
    expect(newEventsLabel(1)).toBe('1 new event');
    expect(newEventsLabel(1200)).toBe('1,200 new events');
  });
});
