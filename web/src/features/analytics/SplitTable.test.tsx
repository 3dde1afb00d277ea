// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SplitCard } from './SplitTable.tsx';

afterEach(cleanup);

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('the analytics screen’s splits by rule and by variant', () => {
  it('lists each rule with the destination its clicks went to, its clicks, unique visitors and share', () => {
    render(
      <SplitCard
        kind="rule"
        rangeText="Nov 1 – Nov 30"
        rows={[
          { rule: 1, url: 'https://apps.apple.com/app', clicks: 30, unique_visitors: 12 },
          { rule: 2, url: 'https://example.com/<script>alert(1)</script>', clicks: 10, unique_visitors: 10 },
          { rule: 0, url: 'https://example.com/', clicks: 40, unique_visitors: 35 },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'By targeting rule' });
    expect(within(section).getByText('Which rule sent each click · Nov 1 – Nov 30')).toBeTruthy();
    expect(
      within(section)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Rule', 'Clicks', 'Unique visitors', 'Share']);
    const [, first, second, none] = within(section).getAllByRole('row');
    expect(cells(first!)).toEqual(['Rule 1https://apps.apple.com/app', '30', '12', '37.5%']);
    // A destination is shown as text, never as markup.
    expect(cells(second!)[0]).toBe('Rule 2https://example.com/<script>alert(1)</script>');
    expect(section.querySelector('script')).toBeNull();
    expect(cells(none!)).toEqual(['No rulehttps://example.com/', '40', '35', '50.0%']);
  });

  it('names variants by letter and the clicks no split took "No split"', () => {
    render(
      <SplitCard
        kind="variant"
        rangeText="Last 30 days"
        rows={[
          { variant: 1, url: 'https://example.com/a', clicks: 1, unique_visitors: 1 },
          { variant: 2, url: 'https://example.com/b', clicks: 2, unique_visitors: 2 },
          { variant: 0, url: '', clicks: 1, unique_visitors: 1 },
        ]}
      />,
    );
    const section = screen.getByRole('region', { name: 'By A/B variant' });
    const names = within(section)
      .getAllByRole('row')
      .slice(1)
      .map((row) => cells(row)[0]);
    expect(names).toEqual(['Variant Ahttps://example.com/a', 'Variant Bhttps://example.com/b', 'No splitDestination not recorded']);
    expect(cells(within(section).getAllByRole('row')[2]!).at(-1)).toBe('50.0%');
  });

  it('shows nothing when no click was sent by a rule or variant', () => {
    const { container } = render(<SplitCard kind="variant" rangeText="Last 30 days" rows={[]} />);
    expect(container.innerHTML).toBe('');
  });
});
