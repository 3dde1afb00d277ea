import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** Razorpay ids end in 14 base-62 characters; ours look alike so logs and screens read the same. */
export function randomBase62(length = 14): string {
  return [...randomBytes(length)].map((byte) => BASE62[byte % 62]).join('');
}
