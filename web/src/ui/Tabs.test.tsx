// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Tabs } from './Tabs.tsx';

const tabs = [
  { id: 'one', label: 'One', content: <p>First panel</p> },
  { id: 'two', label: 'Two', content: <p>Second panel</p> },
  { id: 'three', label: 'Three', content: <p>Third panel</p> },
];

afterEach(cleanup);

describe('Tabs', () => {
  it('marks up a tablist whose selected tab controls the visible panel', () => {
    render(<Tabs label="Sections" tabs={tabs} />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeTruthy();
    const one = screen.getByRole('tab', { name: 'One' });
    expect(one.getAttribute('aria-selected')).toBe('true');
    expect(one.tabIndex).toBe(0);
    expect(screen.getByRole('tab', { name: 'Two' }).tabIndex).toBe(-1);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(one.id);
    expect(one.getAttribute('aria-controls')).toBe(panel.id);
    expect(panel.textContent).toBe('First panel');
  });

  it('moves and selects with the arrow keys, wrapping, and with Home and End', () => {
    render(<Tabs label="Sections" tabs={tabs} />);
    const one = screen.getByRole('tab', { name: 'One' });
    act(() => one.focus());
    fireEvent.keyDown(one, { key: 'ArrowRight' });
    const two = screen.getByRole('tab', { name: 'Two' });
    expect(two.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(two);
    expect(screen.getByRole('tabpanel').textContent).toBe('Second panel');
    fireEvent.keyDown(two, { key: 'End' });
    expect(screen.getByRole('tab', { name: 'Three' }).getAttribute('aria-selected')).toBe('true');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Three' }), { key: 'ArrowRight' });
    expect(document.activeElement).toBe(one);
    fireEvent.keyDown(one, { key: 'ArrowLeft' });
    expect(screen.getByRole('tabpanel').textContent).toBe('Third panel');
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Three' }), { key: 'Home' });
    expect(screen.getByRole('tabpanel').textContent).toBe('First panel');
  });

  it('follows a controlled selection', () => {
    const chosen: string[] = [];
    const { rerender } = render(<Tabs label="Sections" tabs={tabs} selected="two" onSelect={(id) => chosen.push(id)} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Second panel');
    fireEvent.click(screen.getByRole('tab', { name: 'Three' }));
    expect(chosen).toEqual(['three']);
    rerender(<Tabs label="Sections" tabs={tabs} selected="three" onSelect={(id) => chosen.push(id)} />);
    expect(screen.getByRole('tabpanel').textContent).toBe('Third panel');
  });
});
