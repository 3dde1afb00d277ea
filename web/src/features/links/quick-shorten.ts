import { ApiError } from '../../api/client.ts';

/** The quick bar's rules and texts (docs/links.md#quick-shorten). */
export const QUICK_SHORTEN_PROMPT = 'Paste long url and shorten it';
const EMPTY_URL = 'Please enter a URL';
export const INVALID_RESPONSE = 'Invalid response from server';
const SHORTEN_FAILED = 'Failed to shorten URL.';
const DEFAULT_TITLE = 'Shortened URL';
/** How long the new short link stays in the bar (docs/links.md#quick-shorten). */
export const SUCCESS_DISPLAY_MS = 3000;

/** The input as a web address: https:// is put in front of anything without http:// or https://. */
export function withScheme(input: string): string {
  const url = input.trim();
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

/** The link's default title: the last segment of the URL's path, else "Shortened URL". */
export function defaultTitle(url: string): string {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return DEFAULT_TITLE;
  }
  const last = path.split('/').filter(Boolean).pop();
  if (!last) return DEFAULT_TITLE;
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

type QuickShortenInput = { ok: true; url: string; title: string } | { ok: false; error: string };

/** What the quick bar sends for what was typed, or why it sends nothing. */
export function prepareQuickShorten(raw: string): QuickShortenInput {
  if (!raw.trim()) return { ok: false, error: EMPTY_URL };
  const url = withScheme(raw);
  return { ok: true, url, title: defaultTitle(url) };
}

/** The server's detail, else the error's own message, else "Failed to shorten URL." */
export function quickShortenError(error: unknown): string {
  if (error instanceof ApiError) return error.detail ?? SHORTEN_FAILED;
  if (error instanceof Error && error.message) return error.message;
  return SHORTEN_FAILED;
}
