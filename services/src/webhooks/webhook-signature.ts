import { createHmac, randomBytes } from 'node:crypto';

/**
 * The value of `Linkledger-Signature` for a body sent at `unixSeconds`:
 * `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>" under the secret>`
 * (docs/webhooks.md#signature). The time is signed too, so a receiver can refuse an old copy.
 */
export function webhookSignature(secret: string, unixSeconds: number, rawBody: string): string {
  const v1 = createHmac('sha256', secret).update(`${unixSeconds}.${rawBody}`).digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** A new signing secret: `whsec_` and 32 random bytes, base64url. */
export const newWebhookSecret = () => `whsec_${randomBytes(32).toString('base64url')}`;

/** The purpose its sealed copy is kept under (platform/secret-box.ts). */
export const WEBHOOK_SECRET_PURPOSE = 'webhook-signing-secret';
