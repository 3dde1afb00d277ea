import { useCallback, useState } from 'react';
import { ApiError, errorText } from '../../api/client.ts';
import { apiKeysApi, type ApiKeyResponse } from '../../api/endpoints.ts';
import { invalidate, setQueryData, useQuery } from '../../api/query.ts';
import { WORKSPACE_KEYS_QUERY } from './workspace-keys-api.ts';

/** The API key screens' failure texts (docs/developer-api.md#api-keys). */
export const LOAD_FAILED = 'Failed to load API key. Please try again.';
const GENERATE_FAILED = 'Failed to generate API key. Please try again.';
const REGENERATE_FAILED = 'Failed to regenerate API key. Please try again.';

/** How the server's "no key" answer begins when the key was revoked to protect the account, rather than never made. */
const REVOKED_KEY = 'Your API key was revoked';
export const KEY_REVOKED =
  'Your API key was revoked to protect your account (a password reset or change, or a proof of your address). Create a new one when your integrations need it.';

export interface ApiKeyState {
  /** The key and its domains once read (or generated). */
  response: ApiKeyResponse | null;
  loading: boolean;
  error: string | null;
  /** There is no key because it was revoked (a password reset or change …): the screen offers a new one instead of making it. */
  revoked: boolean;
  /** Whether the key is shown in full (it is masked by default). */
  visible: boolean;
  /** Set when this visit generated the first key. */
  generated: boolean;
  setVisible(visible: boolean): void;
  /** Makes a new key after a revocation. Resolves true on success. */
  create(): Promise<boolean>;
  /** Replaces the key; the old one stops working at once. Resolves true on success. */
  regenerate(): Promise<boolean>;
  reload(): void;
}

/** The signed-in user's key, shared by every screen that shows it. */
export const API_KEY_QUERY = ['api-key'] as const;

interface KeyRead {
  response: ApiKeyResponse | null;
  /** This read generated the first key. */
  generated: boolean;
  /** The key was revoked; no key is made then until the owner asks. */
  revoked: boolean;
}

/** Reads the key; a 404 (none yet) generates one, unless the key was revoked. Fails with the screen's text. */
async function readOrGenerate(): Promise<KeyRead> {
  try {
    return { response: await apiKeysApi.get(), generated: false, revoked: false };
  } catch (failure) {
    if (!(failure instanceof ApiError && failure.status === 404)) throw new Error(LOAD_FAILED, { cause: failure });
    if (failure.detail?.startsWith(REVOKED_KEY)) return { response: null, generated: false, revoked: true };
  }
  try {
    const response = await apiKeysApi.generate();
    void invalidate(WORKSPACE_KEYS_QUERY);
    return { response, generated: true, revoked: false };
  } catch (failure) {
    // The server's reason when it has one (a workspace key already holds the plan's one key).
    throw new Error(errorText(failure, GENERATE_FAILED), { cause: failure });
  }
}

/**
 * The API key's screen state (docs/developer-api.md#api-keys): key, loading, error, copied (the copy button's) and visible.
 * Opening reads the key; a 404 (none yet) generates one, and a revoked key is replaced only when the owner asks.
 */
export function useApiKey(): ApiKeyState {
  const query = useQuery(API_KEY_QUERY, readOrGenerate);
  const [visible, setVisible] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);

  const replace = useCallback(async (call: () => Promise<ApiKeyResponse>, failed: string) => {
    try {
      const key = await call();
      setQueryData<KeyRead>(API_KEY_QUERY, () => ({ response: key, generated: false, revoked: false }));
      void invalidate(WORKSPACE_KEYS_QUERY);
      setActionError(null);
      return true;
    } catch (failure) {
      setActionError(errorText(failure, failed));
      return false;
    }
  }, []);
  const regenerate = useCallback(() => replace(apiKeysApi.regenerate, REGENERATE_FAILED), [replace]);
  const create = useCallback(() => replace(apiKeysApi.generate, GENERATE_FAILED), [replace]);

  const { refetch } = query;
  const reload = useCallback(() => {
    setActionError(null);
    void refetch();
  }, [refetch]);

  const loadError = query.error instanceof Error ? query.error.message : query.error ? LOAD_FAILED : null;
  return {
    response: query.data?.response ?? null,
    loading: query.loading,
    error: actionError ?? loadError,
    revoked: query.data?.revoked ?? false,
    visible,
    generated: query.data?.generated ?? false,
    setVisible,
    create,
    regenerate,
    reload,
  };
}
