import { describe, expect, it } from 'vitest';
import { changedLabels, newLinkLabels } from './LabelFields.tsx';
import { tagColorCss } from './tag-colors.ts';

describe('a link’s tags and folder in the dialogs (docs/links.md#tags-and-folders)', () => {
  it('sends a new link only the labels that are set', () => {
    expect(newLinkLabels({ tags: [], folder: '  ' })).toEqual({});
    expect(newLinkLabels({ tags: ['Launch'], folder: ' Q4 ' })).toEqual({ tags: ['Launch'], folder: 'Q4' });
  });

  it('sends an edit only what changed: the whole list when the tags differ, null for a cleared folder', () => {
    const link = { tags: ['Launch', 'Press'], folder: 'Q4' };
    expect(changedLabels(link, { tags: ['Launch', 'Press'], folder: 'Q4' })).toEqual({});
    expect(changedLabels(link, { tags: ['Press', 'Launch'], folder: 'Q4' })).toEqual({ tags: ['Press', 'Launch'] });
    expect(changedLabels(link, { tags: [], folder: '' })).toEqual({ tags: [], folder: null });
    expect(changedLabels({ tags: [], folder: null }, { tags: [], folder: 'Archive' })).toEqual({ folder: 'Archive' });
  });

  it('draws palette names as their shade, #rrggbb as written, anything else grey', () => {
    expect(tagColorCss('green')).toBe('#16a34a');
    expect(tagColorCss('#AA00ff')).toBe('#AA00ff');
    expect(tagColorCss('url(javascript:alert(1))')).toBe('#6b7280');
    expect(tagColorCss(undefined)).toBe('#6b7280');
  });
});
