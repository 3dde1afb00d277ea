import { WEB_ROUTES } from '../http/web-app.ts';

const CUSTOM_CODE_MIN_LENGTH = 3;
const CUSTOM_CODE_MAX_LENGTH = 32;
const CUSTOM_CODE_CHARACTERS = /^[A-Za-z0-9_-]+$/;

/**
 * Words a short code may never be (docs/links.md#reserved-words): the first segment of
 * every web-app route (docs/web-app.md#routes),
 * whose screens would be shadowed by the redirect, and names kept for the API, static
 * files and operations. Compared without regard to case, so "Login" is refused too.
 */
export const RESERVED_CODES: ReadonlySet<string> = new Set([
  ...WEB_ROUTES.map((route) => route.split('/')[1]!).filter((segment) => segment !== ''),
  'api',
  'admin',
  'assets',
  'static',
  'public',
  'health',
  'healthz',
  'metrics',
  'status',
  'docs',
  'openapi',
  'swagger',
  'login',
  'logout',
  'signin',
  'signup',
  'dashboard',
  'account',
  'help',
  'live',
  'shorten',
  'qr',
  'www',
]);

/**
 * Why a short code chosen by a person cannot be used, or null when it can. Whether it is
 * still free is decided by the claim itself (the `shortcode-{code}` stream), not here.
 */
export function validateCustomCode(code: string): string | null {
  if (code.length < CUSTOM_CODE_MIN_LENGTH || code.length > CUSTOM_CODE_MAX_LENGTH) {
    return `The short code must be ${CUSTOM_CODE_MIN_LENGTH} to ${CUSTOM_CODE_MAX_LENGTH} characters long.`;
  }
  if (!CUSTOM_CODE_CHARACTERS.test(code)) {
    return 'The short code may contain only letters, digits, hyphens (-) and underscores (_).';
  }
  if (RESERVED_CODES.has(code.toLowerCase())) {
    return `"${code}" is reserved by the app and cannot be used as a short code. Choose another one.`;
  }
  return null;
}
