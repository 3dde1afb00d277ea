import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { apiKeysApi, type ApiKeyResponse } from '../../api/endpoints.ts';

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

/**
 * The API key's screen state (docs/developer-api.md#api-keys): key, loading, error, copied (the copy button's) and visible.
 * Opening reads the key; a 404 (none yet) generates one.
 */
export function useApiKey(): ApiKeyState {
  const [response, setResponse] = useState<ApiKeyResponse | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [visible, setVisible] = useState(false);
  const [generated, setGenerated] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    const settle = (next: ApiKeyResponse | null, problem: string | null, isNew = false) => {
      if (!current) return;
      setResponse(next);
      setError(problem);
      setGenerated(isNew);
      setLoading(false);
    };
    apiKeysApi.get().then(
      (key) => settle(key, null),
      (failure: unknown) => {
        if (!(failure instanceof ApiError && failure.status === 404)) return settle(null, LOAD_FAILED);
        // No key yet: the first visit creates one.
        apiKeysApi.generate().then(
          (key) => settle(key, null, true),
          () => settle(null, GENERATE_FAILED),
        );
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const regenerate = useCallback(async () => {
    try {
      const key = await apiKeysApi.regenerate();
      setResponse(key);
      setError(null);
      setGenerated(false);
      return true;
    } catch {
      setError(REGENERATE_FAILED);
      return false;
    }
  }, []);

  const reload = useCallback(() => {
    setLoading(true);
    setError(null);
    setAttempt((n) => n + 1);
  }, []);

  return { response, loading, error, visible, generated, setVisible, regenerate, reload };
}
