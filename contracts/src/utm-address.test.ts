import { describe, expect, it } from 'vitest';
import { withUtmParameters } from './utm-address.ts';

describe('withUtmParameters: the address a visit is sent to', () => {
  it('returns the very same string when no parameter is set', () => {
    const destination = 'https://example.com/a?b=1#top';
    expect(withUtmParameters(destination, {})).toBe(destination);
    expect(withUtmParameters(destination, { utm_source: null, utm_medium: '' })).toBe(destination);
  });

  it('appends the set parameters in a fixed order after the destination’s own query, before the fragment', () => {
    const served = withUtmParameters('https://example.com/p?q=a%20b&x=1#sec', { utm_content: 'c', utm_source: 'news', utm_campaign: 'spring' });
    expect(served).toBe('https://example.com/p?q=a%20b&x=1&utm_source=news&utm_campaign=spring&utm_content=c#sec');
  });

  it('adds a query to an address that has none', () => {
    expect(withUtmParameters('https://example.com/', { utm_medium: 'email' })).toBe('https://example.com/?utm_medium=email');
  });

  it('gives a parameter the destination already has the link’s value in its place, never twice', () => {
    const served = withUtmParameters('https://example.com/?utm_source=old&a=1&utm%5Fsource=again&utm_medium=web', { utm_source: 'new' });
    expect(served).toBe('https://example.com/?utm_source=new&a=1&utm_medium=web');
  });

  it('percent-encodes hostile values so they cannot end the header, the pair or the query', () => {
    const served = withUtmParameters('https://example.com/', { utm_campaign: 'a&b=c#d\r\nSet-Cookie: x=1', utm_term: 'früh 春' });
    expect(served).toBe('https://example.com/?utm_campaign=a%26b%3Dc%23d%0D%0ASet-Cookie%3A%20x%3D1&utm_term=fr%C3%BCh%20%E6%98%A5');
    expect(new URL(served).searchParams.get('utm_campaign')).toBe('a&b=c#d\r\nSet-Cookie: x=1');
    expect(new URL(served).hash).toBe('');
  });
});
