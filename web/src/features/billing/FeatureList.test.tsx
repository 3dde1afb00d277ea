// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FeatureList } from './FeatureList.tsx';

const features = (count: number) => Array.from({ length: count }, (_, n) => ({ key: `feature_${n}`, name: `Feature ${n + 1}` }));

afterEach(cleanup);

describe('a plan’s feature list (docs/plans.md#usage-and-limits-page)', () => {
  it('shows the first five, then a count of the rest that opens and closes them', () => {
    render(<FeatureList features={features(8)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    fireEvent.click(screen.getByRole('button', { name: '+3 more' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(8);
    expect(screen.getByText('Feature 8')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Show fewer' }));
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
  });

  it('shows five or fewer features whole, with no count', () => {
    render(<FeatureList features={features(5)} />);
    expect(screen.getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button')).toBeNull();
  });
});
