// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { cachedQueries, clearQueries, invalidate, setQueryData, updateQueries, useQuery } from './query.ts';

function Count({ name, fetcher, enabled }: { name: string; fetcher: () => Promise<number>; enabled?: boolean }) {
  const { data, loading, error } = useQuery(['count', name], fetcher, { enabled });
  return <p data-testid={name}>{loading ? 'loading' : error ? 'failed' : String(data)}</p>;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useQuery', () => {
  afterEach(() => {
    cleanup();
    clearQueries();
  });

  it('fetches a key once for every reader and shares the answer', async () => {
    let calls = 0;
    const fetcher = async () => ++calls;
    render(
      <>
        <Count name="a" fetcher={fetcher} />
        <Count name="a" fetcher={fetcher} />
      </>,
    );
    expect(screen.getAllByTestId('a').map((p) => p.textContent)).toEqual(['loading', 'loading']);
    await settle();
    expect(screen.getAllByTestId('a').map((p) => p.textContent)).toEqual(['1', '1']);
    expect(calls).toBe(1);
  });

  it('refetches what a mutation invalidates, under its key prefix only', async () => {
    const calls = { a: 0, b: 0 };
    render(
      <>
        <Count name="a" fetcher={async () => ++calls.a} />
        <Count name="b" fetcher={async () => ++calls.b} />
      </>,
    );
    await settle();
    await act(() => invalidate(['count', 'a']));
    expect(screen.getByTestId('a').textContent).toBe('2');
    expect(screen.getByTestId('b').textContent).toBe('1');
  });

  it('patches data in place without a fetch (a live update), and reports a refetch that fails', async () => {
    let fail = false;
    render(<Count name="a" fetcher={async () => (fail ? Promise.reject(new Error('down')) : 5)} />);
    await settle();
    act(() => setQueryData<number>(['count', 'a'], (n) => (n ?? 0) + 1));
    expect(screen.getByTestId('a').textContent).toBe('6');
    fail = true;
    await act(() => invalidate(['count']));
    expect(screen.getByTestId('a').textContent).toBe('failed');
  });

  it('shows the cached answer to a page opened again and refreshes it in the background', async () => {
    let calls = 0;
    const fetcher = async () => ++calls;
    const first = render(<Count name="a" fetcher={fetcher} />);
    await settle();
    first.unmount();
    render(<Count name="a" fetcher={fetcher} />);
    expect(screen.getByTestId('a').textContent).toBe('1');
    await settle();
    expect(screen.getByTestId('a').textContent).toBe('2');
  });

  it('fetches nothing while disabled, and fetches once enabled', async () => {
    let calls = 0;
    const fetcher = async () => ++calls;
    const view = render(<Count name="a" fetcher={fetcher} enabled={false} />);
    await settle();
    expect(calls).toBe(0);
    view.rerender(<Count name="a" fetcher={fetcher} enabled />);
    await settle();
    expect(calls).toBe(1);
    expect(screen.getByTestId('a').textContent).toBe('1');
  });

  it('patches every cached query under a prefix, and lists their data', async () => {
    render(
      <>
        <Count name="a" fetcher={async () => 1} />
        <Count name="b" fetcher={async () => 10} />
      </>,
    );
    await settle();
    act(() => updateQueries<number>(['count'], (n) => n + 1));
    expect([screen.getByTestId('a').textContent, screen.getByTestId('b').textContent]).toEqual(['2', '11']);
    expect(cachedQueries<number>(['count']).sort((x, y) => x - y)).toEqual([2, 11]);
    expect(cachedQueries<number>(['other'])).toEqual([]);
  });
});
