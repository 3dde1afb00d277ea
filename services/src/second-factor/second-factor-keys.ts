import { decryptSecret, encryptSecret } from '../platform/secret-box.ts';
import { hashRecoveryCode } from './recovery-codes.ts';

const SECRET_PURPOSE = 'second-factor-secret';

/**
 * What deciding about codes needs from the installation secret, as plain functions: the
 * deciders stay pure (same input, same answer) and tests hand in keys of their own.
 */
export interface SecondFactorKeys {
  seal(secretBase32: string): string;
  open(sealed: string): string;
  hashRecoveryCode(userId: number, typed: string): string;
}

export function secondFactorKeys(installationSecret: string): SecondFactorKeys {
  return {
    seal: (secretBase32) => encryptSecret(installationSecret, SECRET_PURPOSE, secretBase32),
    open: (sealed) => decryptSecret(installationSecret, SECRET_PURPOSE, sealed),
    hashRecoveryCode: (userId, typed) => hashRecoveryCode(installationSecret, userId, typed),
  };
}
