import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const GENERATED_CODE_LENGTH = 7;

/** A random code without look-alike characters (0/O, 1/l/I): 56^7 ≈ 1.7 × 10^12 codes. */
export function generateShortCode(): string {
  let code = '';
  for (let i = 0; i < GENERATED_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Shape of anything that may be a short code; everything else is not looked up at all. */
const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** The short code a request asks for: one path segment, nothing the web app serves. */
export function requestedCode(url: string): { code: string; query: string } | null {
  const target = requestedTarget(url);
  return target && target.header === null ? { code: target.code, query: target.query } : null;
}

const TRAI_PATH = /^\/([A-Za-z0-9]{6})\/([^/]+)$/;

/** A short link's path: `/{code}`, or `/{HEADER}/{code}` under a TRAI header, in any case (docs/domains.md#serving). */
export function requestedTarget(url: string): { code: string; header: string | null; query: string } | null {
  const q = url.indexOf('?');
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const code = path.slice(1);
  if (SHORT_CODE_PATTERN.test(code)) return { code, header: null, query };
  const trai = TRAI_PATH.exec(path);
  if (trai && SHORT_CODE_PATTERN.test(trai[2]!)) return { code: trai[2]!, header: trai[1]!.toUpperCase(), query };
  return null;
}
