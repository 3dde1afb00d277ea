import { CLICK_SOURCES, type ClickSource } from '@linkledger/contracts';

const KNOWN = new Set<string>(CLICK_SOURCES);

/**
 * The source a visit records from the `src` of its query (docs/analytics.md#sources): `qr`
 * from the link's QR code, a share channel from a share button; anything else, or none, is `link`.
 */
export function clickSource(query: string): ClickSource {
  const src = query ? new URLSearchParams(query).get('src') : null;
  return src !== null && KNOWN.has(src) ? (src as ClickSource) : 'link';
}
