/**
 * The one way the app talks to the API: same origin, bearer token from local storage,
 * JSON in and out, and every failure as an ApiError carrying the server's `detail`.
 */

import { WORKSPACE_NOT_FOUND } from '@linkledger/contracts/workspace-permissions';
import { chooseWorkspace, chosenWorkspaceId } from './chosen-workspace.ts';

export const TOKEN_KEY = 'token';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    /** The server's message for a person, when it sent one. */
    readonly detail: string | null,
  ) {
    super(detail ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** The server's detail, else the given fallback text (the "detail, else …" rule of docs/web-app.md#messages-and-toasts). */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.detail ? error.detail : fallback;
}

export const storedToken = () => localStorage.getItem(TOKEN_KEY);

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;
/** Any 401 signs the user out and goes to /login; the session store decides how (docs/accounts.md#sessions-and-signing-out). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler) {
  onUnauthorized = handler;
}

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A JSON body, a URLSearchParams for form-encoded calls, or a file (sent as it is, with its type). */
  body?: unknown;
  /** A list sends the parameter once per value (`tag=a&tag=b`). */
  query?: Record<string, string | number | boolean | readonly string[] | undefined | null>;
  /** Skip the sign-out on 401 (the login call's 401 means a wrong password). */
  allowUnauthorized?: boolean;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (Array.isArray(value)) for (const each of value as readonly string[]) params.append(key, each);
    else if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `/api${path}${search ? `?${search}` : ''}`;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const headers: Record<string, string> = {};
  const token = storedToken();
  if (token) headers.authorization = `Bearer ${token}`;
  const workspace = chosenWorkspaceId();
  if (workspace !== null) headers['x-workspace-id'] = String(workspace);
  let body: BodyInit | undefined;
  if (options.body instanceof URLSearchParams) {
    body = options.body;
    headers['content-type'] = 'application/x-www-form-urlencoded';
  } else if (options.body instanceof Blob) {
    body = options.body;
    headers['content-type'] = options.body.type || 'application/octet-stream';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['content-type'] = 'application/json';
  }
  const response = await fetch(apiUrl(path, options.query), { method: options.method ?? 'GET', headers, body, signal: options.signal });
  if (response.ok) return response;
  if (response.status === 401 && !options.allowUnauthorized) onUnauthorized();
  let detail: string | null = null;
  try {
    const parsed = (await response.json()) as { detail?: unknown };
    if (typeof parsed.detail === 'string') detail = parsed.detail;
  } catch {
    // Not JSON: the status alone has to do.
  }
  // The chosen workspace is gone (deleted, or the caller was removed): back to the personal one, and everything is fetched again there.
  if (response.status === 404 && workspace !== null && detail === WORKSPACE_NOT_FOUND && workspace === chosenWorkspaceId()) void chooseWorkspace(null);
  throw new ApiError(response.status, detail);
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const response = await send(path, options);
  return (await response.json()) as T;
}

/** For downloads (CSV, QR images). */
export async function apiBlob(path: string, options: RequestOptions = {}): Promise<Blob> {
  return (await send(path, options)).blob();
}
