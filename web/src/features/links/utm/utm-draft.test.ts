import { describe, expect, it } from 'vitest';
import { changedUtm, createUtm, emptyUtm, finalUrl, utmDraftOf } from './utm-draft.ts';

describe('the UTM builder’s draft', () => {
  it('creates a link with the filled-in parameters only, trimmed', () => {
    expect(createUtm({ ...emptyUtm, utm_source: ' news ', utm_medium: '  ' })).toEqual({ utm_source: 'news' });
  });

  it('sends an edit only the parameters that changed, null for one emptied', () => {
    const saved = { utm_source: 'news', utm_medium: 'email', utm_campaign: null, utm_term: null, utm_content: null };
    expect(changedUtm(saved, { ...utmDraftOf(saved), utm_medium: '', utm_campaign: 'spring' })).toEqual({ utm_medium: null, utm_campaign: 'spring' });
    expect(changedUtm(saved, utmDraftOf(saved))).toEqual({});
  });

  it('previews the address as the redirect builds it, hostile values encoded and the fragment last', () => {
    expect(finalUrl('https://shop.example/p?utm_source=old#top', { ...emptyUtm, utm_source: 'a&b', utm_campaign: 'spring sale' })).toBe(
      'https://shop.example/p?utm_source=a%26b&utm_campaign=spring%20sale#top',
    );
    expect(finalUrl('shop.example', { ...emptyUtm, utm_source: 'x' })).toBeNull();
  });
});
