/**
 * Destinations of short links. On the way in an address is parsed and stored in its WHATWG
 * serialization: host names in punycode (so a look-alike host is visible as `xn--…`),
 * everything outside ASCII percent-encoded. What is stored can then go into a `Location`
 * header as it is. Events written before that rule may hold anything; `headerSafeDestination`
 * makes them safe on the way out, so no stored value can break a redirect.
 */

/** C0 and C1 control characters, DEL and the Unicode line and paragraph separators. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/u;

/** The WHATWG serialization of an http(s) address, or null when it is not one. */
export function normalizeWebAddress(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname.length === 0) return null;
  return url.href;
}

const utf8 = new TextEncoder();
const percentEncoded = (character: string) => Array.from(utf8.encode(character), (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join('');

/**
 * A stored destination as a header value: its serialization when it parses, with any byte
 * a header cannot carry (controls, spaces, anything past `~`) percent-encoded either way.
 */
export function headerSafeDestination(stored: string): string {
  const href = normalizeWebAddress(stored) ?? stored;
  return /[^\x21-\x7e]/.test(href) ? href.replace(/[^\x21-\x7e]/gu, percentEncoded) : href;
}

export const DESTINATION_MAX_LENGTH = 2048;

/** What a person is told about a destination that cannot be one: the API's refusals and the web app's forms say the same. */
export const DESTINATION_MESSAGES = {
  required: 'Destination URL is required',
  tooLong: `Destination URL must be at most ${DESTINATION_MAX_LENGTH} characters`,
  controlCharacters: 'Destination URL must not contain line breaks, tabs or other control characters: paste the address on one line',
  notWeb: 'Destination URL must be a full web address starting with http:// or https://',
  tooLongEncoded: `Destination URL must be at most ${DESTINATION_MAX_LENGTH} characters once its non-ASCII characters are encoded`,
} as const;

/**
 * Why a typed destination would be refused, in the order the API checks (contracts/src/http/links.ts
 * `Destination`), or null when it is a web address the API takes. No zod: the web app's forms
 * import it (`@linkledger/contracts/destination`) to say so before any call.
 */
export function destinationProblem(typed: string): string | null {
  const value = typed.trim();
  if (value.length === 0) return DESTINATION_MESSAGES.required;
  if (value.length > DESTINATION_MAX_LENGTH) return DESTINATION_MESSAGES.tooLong;
  if (CONTROL_CHARACTERS.test(value)) return DESTINATION_MESSAGES.controlCharacters;
  const href = normalizeWebAddress(value);
  if (href === null) return DESTINATION_MESSAGES.notWeb;
  if (href.length > DESTINATION_MAX_LENGTH) return DESTINATION_MESSAGES.tooLongEncoded;
  return null;
}
