// @vitest-environment happy-dom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearQueries } from '../../api/query.ts';
import { useApiKey } from './useApiKey.ts';

/** The server's refusal when the personal workspace already holds its one key (a workspace key) without Advanced API. */
const ONE_KEY =
  'This workspace already has an API key. Several keys need Advanced API (advanced_api), on the Pro and Enterprise plans: revoke the key to make another.';

vi.mock('../../api/endpoints.ts', async () => {
  const { ApiError } = await import('../../api/client.ts');
  return {
    apiKeysApi: {
      get: async () => {
        throw new ApiError(404, 'You have no API key yet. Create one with POST /api/users/me/generate-api-key.');
      },
      generate: async () => {
        throw new ApiError(403, ONE_KEY);
      },
      regenerate: async () => {
        throw new ApiError(403, ONE_KEY);
      },
    },
  };
});

function KeyState() {
  const { loading, error } = useApiKey();
  return <p data-testid="state">{loading ? 'loading' : (error ?? 'none')}</p>;
}

const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 0)));

describe('the account key’s screen when the server refuses a key', () => {
  afterEach(() => {
    cleanup();
    clearQueries();
  });

  it('says why, in the server’s words, instead of asking to try again', async () => {
    render(<KeyState />);
    await settle();
    expect(screen.getByTestId('state').textContent).toBe(ONE_KEY);
  });
});
