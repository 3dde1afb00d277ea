import { Secret, TOTP } from 'otpauth';

/*
 * TOTP as RFC 6238 and every authenticator app use it by default: HMAC-SHA1, 6 digits,
 * 30-second steps (docs/accounts.md#second-factor).
 */

const TOTP_PERIOD_SECONDS = 30;
const ISSUER = 'Linkledger';

function totpFor(secretBase32: string, label = ''): TOTP {
  return new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secretBase32), algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_SECONDS });
}

/** A new random secret of 160 bits (RFC 4226's recommended length), in base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

/** The key URI an authenticator app scans: `otpauth://totp/Linkledger:{account}?secret=…`. */
export const otpauthUri = (secretBase32: string, accountLabel: string): string => totpFor(secretBase32, accountLabel).toString();

/** The time step a moment falls in. */
export const stepAt = (now: Date): number => Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS);

/** The code of the step `now` falls in (what an authenticator app shows). */
export const totpCode = (secretBase32: string, now: Date): string => totpFor(secretBase32).generate({ timestamp: now.getTime() });

/** A 6-digit code as typed ("123 456" too), or null when it is not one. */
export function authenticatorCode(typed: string): string | null {
  const compact = typed.replace(/\s+/g, '');
  return /^\d{6}$/.test(compact) ? compact : null;
}

/**
 * The step a code belongs to, if it is the code of the step `now` falls in or of the one
 * just before or after (a phone's clock a little off, a code typed as it changed); else null.
 */
export function matchingStep(secretBase32: string, code: string, now: Date): number | null {
  const delta = totpFor(secretBase32).validate({ token: code, timestamp: now.getTime(), window: 1 });
  return delta === null ? null : stepAt(now) + delta;
}
