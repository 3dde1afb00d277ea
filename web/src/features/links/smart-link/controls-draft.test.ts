import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sampleLink } from '../testing/sample-link.ts';
import { createPayload } from '../CreateLinkModal.tsx';
import { editChanges } from '../EditLinkModal.tsx';
import { changedControls, controlsDraftOf, createControls, draftProblems, emptyControls, emptyRule, type ControlsDraft } from './controls-draft.ts';

// The Smart link area of the Create and Edit dialogs (docs/links.md#smart-links): what each sends.
// Times are typed in the viewer's local time: the tests run in India (UTC+5:30) so the conversion shows.
beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Kolkata');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

const draft = (changes: Partial<ControlsDraft>): ControlsDraft => ({ ...emptyControls(), ...changes });
const plain = { original_url: 'https://example.com', title: '', description: '', short_code: '', ownDomain: false };

describe('what the Create dialog sends', () => {
  it('sends no control for a plain link: the body is what it was before smart links', () => {
    expect(createPayload({ ...plain, controls: emptyControls() }, null)).toEqual({ original_url: 'https://example.com', title: '', description: '' });
  });

  it('sends local start and expiry times as ISO instants in UTC, and the click limit as a number', () => {
    const controls = createControls(
      draft({ startsAt: '2026-12-01T09:00', expiresAt: '2026-12-31T23:30', maxClicks: '100', expiredUrl: ' https://example.com/over ' }),
    );
    expect(controls).toEqual({
      starts_at: '2026-12-01T03:30:00.000Z',
      expires_at: '2026-12-31T18:00:00.000Z',
      max_clicks: 100,
      expired_url: 'https://example.com/over',
    });
  });

  it('sends a password only when one is typed', () => {
    expect(createControls(draft({ passwordChoice: 'set', password: 'open sesame' }))).toEqual({ password: 'open sesame' });
    expect(createControls(draft({ passwordChoice: 'set', password: '' }))).toEqual({});
  });

  it('sends rules in order with only the conditions filled in, query and times included', () => {
    const rules = [
      { ...emptyRule(), url: 'https://apps.apple.com/app', device: 'ios' as const, country: 'IN' },
      { ...emptyRule(), url: 'https://example.com/hi', language: 'hi', queryParam: 'ref', queryValue: 'mail', after: '2026-12-01T00:00' },
    ];
    expect(createControls(draft({ rules })).rules).toEqual([
      { url: 'https://apps.apple.com/app', conditions: { device: 'ios', country: 'IN' } },
      { url: 'https://example.com/hi', conditions: { language: 'hi', query: { param: 'ref', value: 'mail' }, after: '2026-11-30T18:30:00.000Z' } },
    ]);
  });

  it('sends the split with number weights and the social card with no image as null', () => {
    const controls = createControls(
      draft({
        variants: [
          { url: 'https://example.com/a', weight: '60' },
          { url: 'https://example.com/b', weight: '40' },
        ],
        ogTitle: ' Winter sale ',
        ogDescription: 'Up to half off',
      }),
    );
    expect(controls.variants).toEqual([
      { url: 'https://example.com/a', weight: 60 },
      { url: 'https://example.com/b', weight: 40 },
    ]);
    expect(controls.og).toEqual({ title: 'Winter sale', description: 'Up to half off', image_url: null });
  });
});

describe('what the Edit dialog sends', () => {
  const link = sampleLink({
    id: 7,
    expires_at: '2026-12-31T18:00:00.000Z',
    max_clicks: 100,
    has_password: true,
    rules: [{ url: 'https://apps.apple.com/app', conditions: { device: 'ios' } }],
    variants: [
      { url: 'https://example.com/a', weight: 50 },
      { url: 'https://example.com/b', weight: 50 },
    ],
    og: { title: 'Winter sale', description: '', image_url: 'https://example.com/card.png' },
  });
  const form = { title: link.title, description: link.description, original_url: link.original_url, is_active: true };

  it('starts from the link’s controls in local time, and sends nothing when nothing changed', () => {
    const start = controlsDraftOf(link);
    expect(start.expiresAt).toBe('2026-12-31T23:30');
    expect(start.password).toBe('');
    expect(editChanges(link, { ...form, controls: start })).toEqual({});
  });

  it('sends only the control that changed', () => {
    const start = controlsDraftOf(link);
    expect(editChanges(link, { ...form, controls: { ...start, maxClicks: '250' } })).toEqual({ max_clicks: 250 });
    expect(changedControls(link, { ...start, expiresAt: '2027-01-15T10:00' })).toEqual({ expires_at: '2027-01-15T04:30:00.000Z' });
    expect(changedControls(link, { ...start, rules: [...start.rules, { ...emptyRule(), url: 'https://example.com/de', country: 'DE' }] })).toEqual({
      rules: [
        { url: 'https://apps.apple.com/app', conditions: { device: 'ios' } },
        { url: 'https://example.com/de', conditions: { country: 'DE' } },
      ],
    });
  });

  it('clears a removed control with null, a removed list with []', () => {
    const start = controlsDraftOf(link);
    const cleared = { ...start, expiresAt: '', maxClicks: '', rules: [], variants: [], ogTitle: '', ogDescription: '', ogImageUrl: '' };
    expect(changedControls(link, cleared)).toEqual({ expires_at: null, max_clicks: null, rules: [], variants: [], og: null });
  });

  it('keeps, changes or removes the password, which it never shows back', () => {
    const start = controlsDraftOf(link);
    expect(changedControls(link, { ...start, passwordChoice: 'keep' })).toEqual({});
    expect(changedControls(link, { ...start, passwordChoice: 'set', password: 'new secret' })).toEqual({ password: 'new secret' });
    expect(changedControls(link, { ...start, passwordChoice: 'remove' })).toEqual({ password: null });
    expect(changedControls({ ...link, has_password: false }, { ...start, passwordChoice: 'remove' })).toEqual({});
  });

  it('does not count a stored time’s seconds as a change', () => {
    const withSeconds = { ...link, expires_at: '2026-12-31T18:00:42.000Z' };
    expect(changedControls(withSeconds, controlsDraftOf(withSeconds))).toEqual({});
  });
});

describe('what the dialogs refuse before asking the server', () => {
  it('refuses a split whose weights do not add up to 100, saying the sum', () => {
    const split = (a: string, b: string) =>
      draft({
        variants: [
          { url: 'https://example.com/a', weight: a },
          { url: 'https://example.com/b', weight: b },
        ],
      });
    expect(draftProblems(split('60', '30'))).toEqual({ variants: 'The weights add up to 90; they must add up to 100.' });
    expect(draftProblems(split('60', '40'))).toEqual({});
  });

  it('refuses a click limit that is not a whole number of 1 or more', () => {
    expect(draftProblems(draft({ maxClicks: '0' }))).toHaveProperty('max_clicks');
    expect(draftProblems(draft({ maxClicks: '2.5' }))).toHaveProperty('max_clicks');
    expect(draftProblems(draft({ maxClicks: '12' }))).toEqual({});
  });
});
