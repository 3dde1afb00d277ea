import { useCallback, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { apiKeysApi, type ApiKeyResponse } from '../../api/endpoints.ts';
import { setQueryData, useQuery } from '../../api/query.ts';

/** The API key screens' failure texts (docs/developer-api.md#api-keys). */
export const LOAD_FAILED = 'Failed to load API key. Please try again.';
export const GENERATE_FAILED = 'Failed to generate API key. Please try again.';
export const REGENERATE_FAILED = 'Failed to regenerate API key. Please try again.';

export interface ApiKeyState {
  /** The key and its domains once read (or generated). */
  response: ApiKeyResponse | null;
  loading: boolean;
  error: string | null;
  /** Whether the key is shown in full (it is masked by default). */
  visible: boolean;
  /** Set when this visit generated the first key. */
  generated: boolean;
  setVisible(visible: boolean): void;
  /** Replaces the key; the old one stops working at once. Resolves true on success. */
  regenerate(): Promise<boolean>;
  reload(): void;
}

/** The signed-in user's key, shared by every screen that shows it. */
export const API_KEY_QUERY = ['api-key'] as const;

interface KeyRead {
  response: ApiKeyResponse;
  /** This read generated the first key. */
  generated: boolean;
}

/** Reads the key; a 404 (none yet) generates one. Fails with the screen's text. */
async function readOrGenerate(): Promise<KeyRead> {
  try {
    return { response: await apiKeysApi.get(), generated: false };
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.status === 404)) throw new Error(LOAD_FAILED, { cause: failure });
  }
  try {
    return { response: await apiKeysApi.generate(), generated: true };
  } catch (failure) {
    throw new Error(GENERATE_FAILED, { cause: failure });
  }
}

/**
 * The API key's screen state (docs/developer-api.md#api-keys): key, loading, error, copied (the copy button's) and visible.
 * Opening reads the key; a 404 (none yet) generates one.
 */
export function useApiKey(): ApiKeyState {
  const query = useQuery(API_KEY_QUERY, readOrGenerate);
  const [visible, setVisible] = useState(false);
  const [regenerateError, setRegenerateError] = useState<string | null>(null);

  const regenerate = useCallback(async () => {
    try {
      const key = await apiKeysApi.regenerate();
      setQueryData<KeyRead>(API_KEY_QUERY, () => ({ response: key, generated: false }));
      setRegenerateError(null);
      return true;
    } catch {
      setRegenerateError(REGENERATE_FAILED);
      return false;
    }
  }, []);

  const { refetch } = query;
  const reload = useCallback(() => {
    setRegenerateError(null);
    void refetch();
  }, [refetch]);

  const loadError = query.error instanceof Error ? query.error.message : query.error ? LOAD_FAILED : null;
  return {
    response: query.data?.response ?? null,
    loading: query.loading,
    error: regenerateError ?? loadError,
    visible,
    generated: query.data?.generated ?? false,
    setVisible,
    regenerate,
    reload,
  };
}
