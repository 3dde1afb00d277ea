import { randomInt } from 'node:crypto';

const ALPHABET = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
export const GENERATED_CODE_LENGTH = 7;

/** A random code without look-alike characters (0/O, 1/l/I): 56^7 ≈ 1.7 × 10^12 codes. */
export function generateShortCode(): string {
  let code = '';
  for (let i = 0; i < GENERATED_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** Shape of anything that may be a short code; everything else is not looked up at all. */
export const SHORT_CODE_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
