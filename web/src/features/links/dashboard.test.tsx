// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import type { Subscription } from '../../api/types.ts';
import { createPayload } from './CreateLinkModal.tsx';
import { editChanges } from './EditLinkModal.tsx';
import { EXPORT_COLUMNS, csvCell, exportFileName, inertCell, linksCsv } from './export-csv.ts';
import { LimitBanner } from './LimitBanner.tsx';
import { INITIAL_QUERY, hasFilters, listParams, resultLine } from './list-query.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { QuickShorten } from './QuickShorten.tsx';
import { defaultTitle, prepareQuickShorten, quickShortenError, withScheme } from './quick-shorten.ts';
import { linkLimitLevel } from './limit-level.ts';
import { sampleLink } from './testing/sample-link.ts';

const link = sampleLink;

afterEach(() => cleanup());

describe('quick shorten rules', () => {
  it('asks for a URL when the input is empty or blank', () => {
    expect(prepareQuickShorten('')).toEqual({ ok: false, error: 'Please enter a URL' });
    expect(prepareQuickShorten('   ')).toEqual({ ok: false, error: 'Please enter a URL' });
  });

  it('puts https:// in front of anything without http:// or https://', () => {
    expect(withScheme('example.com/a')).toBe('https://example.com/a');
    expect(withScheme('  example.com ')).toBe('https://example.com');
    expect(withScheme('http://example.com')).toBe('http://example.com');
    expect(withScheme('HTTPS://Example.com')).toBe('HTTPS://Example.com');
    expect(withScheme('ftp://example.com')).toBe('https://ftp://example.com');
  });

  it('titles the link after the last path segment, else "Shortened URL"', () => {
    expect(defaultTitle('https://example.com/blog/my-post')).toBe('my-post');
    expect(defaultTitle('https://example.com/blog/my-post/')).toBe('my-post');
    expect(defaultTitle('https://example.com/docs/caf%C3%A9?x=1#top')).toBe('café');
    expect(defaultTitle('https://example.com/')).toBe('Shortened URL');
    expect(defaultTitle('https://example.com')).toBe('Shortened URL');
    expect(defaultTitle('not a url')).toBe('Shortened URL');
    expect(prepareQuickShorten('example.com/launch')).toEqual({ ok: true, url: 'https://example.com/launch', title: 'launch' });
  });

  it('reports the server detail, else the error message, else "Failed to shorten URL."', () => {
    expect(quickShortenError(new ApiError(403, 'You have created all 10 links'))).toBe('You have created all 10 links');
    expect(quickShortenError(new ApiError(500, null))).toBe('Failed to shorten URL.');
    expect(quickShortenError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(quickShortenError('weird')).toBe('Failed to shorten URL.');
  });
});

describe('QuickShorten component', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const type = (text: string) => fireEvent.change(screen.getByPlaceholderText('Paste long url and shorten it'), { target: { value: text } });
  const submit = async () => {
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Shorten' }));
    });
  };

  it('shows "Please enter a URL" and sends nothing for an empty input', async () => {
    const create = vi.fn();
    render(<QuickShorten onCreated={vi.fn()} create={create} />);
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Please enter a URL');
    expect(create).not.toHaveBeenCalled();
  });

  it('sends the prefixed URL with the default title, shows the short link for 3 seconds, then clears', async () => {
    const created = link({ short_url: 'http://sho.rt/xyz', short_code: 'xyz' });
    const create = vi.fn().mockResolvedValue(created);
    const onCreated = vi.fn();
    render(<QuickShorten onCreated={onCreated} create={create} />);
    type('example.com/blog/hello-world');
    await submit();
    expect(create).toHaveBeenCalledWith({ original_url: 'https://example.com/blog/hello-world', title: 'hello-world' });
    expect(onCreated).toHaveBeenCalledWith(created);
    expect(screen.getByTestId('quick-result').textContent).toContain('sho.rt/xyz');
    expect((screen.getByPlaceholderText('Paste long url and shorten it') as HTMLInputElement).value).toBe('');
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.queryByTestId('quick-result')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByTestId('quick-result')).toBeNull();
  });

  it('says "Invalid response from server" when the answer has no short_code', async () => {
    const create = vi.fn().mockResolvedValue({ id: 4 });
    render(<QuickShorten onCreated={vi.fn()} create={create} />);
    type('https://example.com');
    await submit();
    expect(create).toHaveBeenCalledWith({ original_url: 'https://example.com', title: 'Shortened URL' });
    expect(screen.getByRole('alert').textContent).toBe('Invalid response from server');
  });

  it('shows the server’s detail when it refuses', async () => {
    const create = vi.fn().mockRejectedValue(new ApiError(400, 'Destination URL must be a full web address starting with http:// or https://'));
    render(<QuickShorten onCreated={vi.fn()} create={create} />);
    type('exa mple');
    await submit();
    expect(screen.getByRole('alert').textContent).toBe('Destination URL must be a full web address starting with http:// or https://');
  });
});

describe('CSV fallback export', () => {
  it('has the export’s columns, a byte-order mark and one row per link', () => {
    const csv = linksCsv([
      link(),
      link({ id: 2, title: '', is_active: false, total_clicks: 0, short_url: 'http://sho.rt/def', tags: ['=sum', 'b, c'], folder: 'Q4' }),
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\n');
    expect(lines[0]).toBe(EXPORT_COLUMNS.join(','));
    expect(lines[0]).toBe('Title,Original URL,Short URL,Clicks,Created Date,Status,Tags,Folder');
    expect(lines[1]).toBe('Spring sale,https://example.com/spring/sale,http://sho.rt/abc123,3,2026-11-22,Active,,');
    expect(lines[2]).toBe(`,https://example.com/spring/sale,http://sho.rt/def,0,2026-11-22,Inactive,"'=sum; b, c",Q4`);
  });

  it('quotes commas, quotes and line breaks (RFC 4180)', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    const csv = linksCsv([link({ title: 'Sale, "50%" off\nnow' })]);
    expect(csv).toContain('"Sale, ""50%"" off\nnow",https://example.com/spring/sale');
  });

  it('makes formula-like cells inert, like the server’s inertCell', () => {
    for (const lead of ['=', '+', '-', '@', '\t', '\r']) expect(inertCell(`${lead}SUM(A1)`)).toBe(`'${lead}SUM(A1)`);
    expect(inertCell('Sum =1')).toBe('Sum =1');
    const csv = linksCsv([link({ title: '=HYPERLINK("http://evil")' })]);
    expect(csv).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(csv).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('names the file urls_export_{YYYY-MM-DD}.csv', () => {
    expect(exportFileName(new Date(2026, 10, 5, 12))).toBe('urls_export_2026-11-05.csv');
  });
});

describe('approaching-limit banner', () => {
  it('warns from 80 percent, says reached at 100, never for unlimited', () => {
    expect(linkLimitLevel(7, 10)).toBe('ok');
    expect(linkLimitLevel(8, 10)).toBe('approaching');
    expect(linkLimitLevel(9, 10)).toBe('approaching');
    expect(linkLimitLevel(10, 10)).toBe('reached');
    expect(linkLimitLevel(12, 10)).toBe('reached');
    expect(linkLimitLevel(799, 1000)).toBe('ok');
    expect(linkLimitLevel(800, 1000)).toBe('approaching');
    expect(linkLimitLevel(1_000_000, -1)).toBe('ok');
  });

  /** A Free subscription whose plan allows `planLimit` links; `limit` is the one in force (an admin's, when they differ). */
  const subscription = (used: number, limit: number, planLimit = limit) =>
    ({
      plan: { display_name: 'Free', monthly_links_limit: planLimit, is_unlimited: false },
      usage: { links_created: used },
      limits: { monthly_links: limit },
      usage_resets_at: '2026-12-01T00:00:00.000Z',
    }) as unknown as Subscription;

  it('says how many of how many are used and links to /limits', () => {
    const inRouter = (used: number, limit: number) => (
      <MemoryRouter>
        <LimitBanner subscription={subscription(used, limit)} />
      </MemoryRouter>
    );
    const { container, rerender } = render(inRouter(7, 10));
    expect(container.textContent).toBe('');
    rerender(inRouter(8, 10));
    const banner = screen.getByTestId('limit-banner');
    expect(banner.textContent).toContain('You have used 8 of 10 links your Free plan allows this month.');
    expect(banner.querySelector('a')?.getAttribute('href')).toBe('/limits');
    rerender(inRouter(10, 10));
    expect(screen.getByTestId('limit-banner').textContent).toContain('Monthly link limit reached');
    expect(screen.getByTestId('limit-banner').textContent).toContain('New links can be created again on 1 December, or right away on a bigger plan.');
    rerender(inRouter(5000, -1));
    expect(screen.queryByTestId('limit-banner')).toBeNull();
  });

  it('calls a limit an admin set the account’s, not the plan’s, and offers no bigger plan for it', () => {
    render(
      <MemoryRouter>
        <LimitBanner subscription={subscription(1, 1, 10)} />
      </MemoryRouter>,
    );
    const text = screen.getByTestId('limit-banner').textContent;
    expect(text).toContain('You have used 1 of 1 link your account allows this month.');
    expect(text).toContain('New links can be created again on 1 December.');
    expect(text).not.toContain('plan');
  });
});

describe('Your URLs panel query', () => {
  it('pages by 10 and sends only the filters that narrow', () => {
    expect(listParams(INITIAL_QUERY)).toEqual({ skip: 0, limit: 10, created_via: 'manual', sort_by: 'newest' });
    expect(
      listParams({
        ...INITIAL_QUERY,
        tab: 'api',
        page: 3,
        search: ' gamma ',
        domain: 'custom',
        status: 'inactive',
        sort: 'clicks',
        dateFrom: '2026-11-01',
        dateTo: '2026-11-30',
      }),
    ).toEqual({
      skip: 20,
      limit: 10,
      created_via: 'api',
      sort_by: 'clicks',
      search: 'gamma',
      domain: 'custom',
      status: 'inactive',
      date_from: '2026-11-01',
      date_to: '2026-11-30',
    });
    expect(listParams({ ...INITIAL_QUERY, tags: ['Launch', 'Press'], tagMode: 'all', folder: 'Q4' })).toMatchObject({
      tag: ['Launch', 'Press'],
      tag_mode: 'all',
      folder: 'Q4',
    });
    expect(listParams({ ...INITIAL_QUERY, tagMode: 'all' })).not.toHaveProperty('tag_mode');
    expect(hasFilters({ ...INITIAL_QUERY, tags: ['Launch'] })).toBe(true);
    expect(hasFilters({ ...INITIAL_QUERY, folder: 'Q4' })).toBe(true);
    expect(hasFilters(INITIAL_QUERY)).toBe(false);
    expect(hasFilters({ ...INITIAL_QUERY, sort: 'title', tab: 'api' })).toBe(false);
    expect(hasFilters({ ...INITIAL_QUERY, status: 'active' })).toBe(true);
    expect(hasFilters({ ...INITIAL_QUERY, dateTo: '2026-01-01' })).toBe(true);
  });

  it('words the result count line', () => {
    expect(resultLine(0, 1, 0)).toBe('No URLs found');
    expect(resultLine(1, 1, 1)).toBe('Showing 1–1 of 1 URL');
    expect(resultLine(23, 1, 10)).toBe('Showing 1–10 of 23 URLs');
    expect(resultLine(23, 3, 3)).toBe('Showing 21–23 of 23 URLs');
  });

  it('renders up to 5 page numbers, marks the current page and moves on click', () => {
    const onPage = vi.fn();
    const { rerender, container } = render(<Pagination page={1} total={10} onPage={onPage} />);
    expect(container.textContent).toBe('');
    rerender(<Pagination page={5} total={95} onPage={onPage} />);
    const numbers = screen.getAllByRole('button', { name: /^Page \d+$/ }).map((button) => button.textContent);
    expect(numbers).toEqual(['3', '4', '5', '6', '7']);
    expect(screen.getByRole('button', { name: 'Page 5' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(screen.getByRole('button', { name: 'Page 7' }));
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    fireEvent.click(screen.getByRole('button', { name: /Previous/ }));
    expect(onPage.mock.calls).toEqual([[7], [6], [4]]);
    rerender(<Pagination page={10} total={95} onPage={onPage} />);
    expect((screen.getByRole('button', { name: /Next/ }) as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('Edit and Create payloads', () => {
  it('sends only what changed in the Edit URL modal', () => {
    const original = link({ description: 'old' });
    expect(editChanges(original, { title: 'Spring sale', description: 'old', original_url: 'https://example.com/spring/sale', is_active: true })).toEqual({});
    expect(editChanges(original, { title: ' New ', description: 'old', original_url: 'https://example.com/spring/sale', is_active: false })).toEqual({
      title: 'New',
      is_active: false,
    });
    expect(editChanges(original, { title: 'Spring sale', description: '', original_url: 'https://example.org/', is_active: true })).toEqual({
      description: '',
      original_url: 'https://example.org/',
    });
  });

  it('sends a TRAI header only when the own-domain option is on and a header is set', () => {
    const form = { original_url: ' https://example.com ', title: '', description: '', short_code: '', ownDomain: false };
    const domains = { has_trai_domains: true, has_custom_domains: false, active_trai_header: 'ABCDEF', active_custom_domain: null };
    expect(createPayload(form, domains)).toEqual({ original_url: 'https://example.com', title: '', description: '' });
    expect(createPayload({ ...form, ownDomain: true }, domains)).toMatchObject({ trai_header: 'ABCDEF' });
    expect(createPayload({ ...form, ownDomain: true }, { ...domains, active_trai_header: null })).not.toHaveProperty('trai_header');
    expect(createPayload({ ...form, short_code: ' my-code ' }, null)).toMatchObject({ short_code: 'my-code' });
  });
});
