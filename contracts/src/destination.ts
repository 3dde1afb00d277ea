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
