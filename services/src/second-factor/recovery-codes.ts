import { createHmac, randomInt } from 'node:crypto';

/*
 * Recovery codes (docs/accounts.md#second-factor): ten single-use codes shown once, for
 * when the authenticator is lost. Only keyed hashes are stored.
 */

const RECOVERY_CODE_COUNT = 10;
/** No 0/o, 1/l/i: codes are read off paper. */
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const GROUP = 5;

/** One code: two groups of five (about 50 bits), e.g. `k7mqz-3hrtw`. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: GROUP * 2 }, () => ALPHABET[randomInt(ALPHABET.length)]);
  return `${chars.slice(0, GROUP).join('')}-${chars.slice(GROUP).join('')}`;
}

export const newRecoveryCodes = (): string[] => Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);

/** A code as typed, in any case, with or without its dash or spaces. */
const normalizeRecoveryCode = (typed: string): string => typed.toLowerCase().replace(/[\s-]+/g, '');

/**
 * HMAC-SHA256 under a key from the installation secret, bound to the account: the stored
 * hashes cannot be tried offline without the secret, nor moved to another account.
 */
export function hashRecoveryCode(installationSecret: string, userId: number, typed: string): string {
  return createHmac('sha256', installationSecret)
    .update(`linkledger:second-factor-recovery:${userId}:${normalizeRecoveryCode(typed)}`)
    .digest('hex');
}
