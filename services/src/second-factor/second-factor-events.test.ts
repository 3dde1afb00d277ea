import { describe, expect, it } from 'vitest';
import { REDACTED, redactSecrets } from '../history/redact.ts';
import { secondFactorKeys } from './second-factor-keys.ts';
import { otpauthUri } from './totp.ts';

const keys = secondFactorKeys('test installation secret');

describe('second-factor secrets where they come back out', () => {
  it("the admins' history shows neither the sealed secret nor the recovery-code hashes", () => {
    const hashes = [keys.hashRecoveryCode(7, 'aaaaa-bbbbb')];
    const shown = JSON.stringify([
      redactSecrets({ user_id: 7, secret_encrypted: keys.seal('JBSWY3DPEHPK3PXP') }),
      redactSecrets({ user_id: 7, recovery_code_hashes: hashes, step: 1 }),
      redactSecrets({ user_id: 7, code_hash: hashes[0], purpose: 'sign_in' }),
    ]);
    expect(shown).not.toContain(hashes[0]);
    expect(shown).not.toContain('v1.');
    expect(shown.split(REDACTED)).toHaveLength(4);
  });

  it('a hostile address in the authenticator URI stays an encoded label', () => {
    const uri = otpauthUri('JBSWY3DPEHPK3PXP', '"><img src=x onerror=alert(1)>@example.com');
    expect(uri).not.toMatch(/[<>"\s]/);
    expect(uri.startsWith('otpauth://totp/Linkledger:%22%3E%3Cimg')).toBe(true);
  });

  it('the sealed secret opens only with the same installation secret', () => {
    const sealed = keys.seal('JBSWY3DPEHPK3PXP');
    expect(keys.open(sealed)).toBe('JBSWY3DPEHPK3PXP');
    expect(() => secondFactorKeys('another installation').open(sealed)).toThrow();
  });
});
