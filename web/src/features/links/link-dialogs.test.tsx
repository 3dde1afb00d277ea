// @vitest-environment happy-dom
import { act, cleanup, fireEvent, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { linksApi } from '../../api/endpoints.ts';
import { useToasts } from '../../ui/toasts.ts';
import { useLinkDialogs } from './LinkDialogs.tsx';
import { sampleLink } from './testing/sample-link.ts';

const link = sampleLink({ id: 7, original_url: 'https://example.com/a', total_clicks: 0 });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  useToasts.setState({ toasts: [] });
});

/** Opens Delete URL for the link through the panel's handlers and confirms it. */
async function confirmDelete() {
  const hook = renderHook(() => useLinkDialogs([link], () => undefined));
  act(() => hook.result.current.handlers.onDelete(link));
  render(<>{hook.result.current.dialogs}</>);
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Delete URL', hidden: true }));
  });
  return useToasts.getState().toasts;
}

describe('Delete Failed toast', () => {
  it("shows the server's detail when the server gives one", async () => {
    vi.spyOn(linksApi, 'remove').mockRejectedValue(new ApiError(409, 'This link is disabled by an admin and cannot be deleted'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toasts = await confirmDelete();
    expect(toasts).toEqual([
      expect.objectContaining({ title: 'Delete Failed', tone: 'error', description: 'This link is disabled by an admin and cannot be deleted' }),
    ]);
  });

  it('falls back to its own sentence when the server sent no detail', async () => {
    vi.spyOn(linksApi, 'remove').mockRejectedValue(new TypeError('Failed to fetch'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const toasts = await confirmDelete();
    expect(toasts).toEqual([expect.objectContaining({ title: 'Delete Failed', description: 'The URL could not be deleted. Please try again.' })]);
  });
});
