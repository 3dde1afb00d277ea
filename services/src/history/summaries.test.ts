import { describe, expect, it } from 'vitest';
import { recorded } from '../testing/recorded.ts';
import { summarize } from './summaries.ts';

describe('history lines', () => {
  it('says why a link expired', () => {
    const [byTime, byClicks] = recorded([
      { type: 'LinkExpired', data: { link_id: 7, reason: 'expires_at' } },
      { type: 'LinkExpired', data: { link_id: 7, reason: 'max_clicks' } },
    ]);
    expect(summarize(byTime!)).toBe('Link 7 expired: its expiry time passed');
    expect(summarize(byClicks!)).toBe('Link 7 expired: its click limit was reached');
  });
});
