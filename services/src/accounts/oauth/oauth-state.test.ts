import { describe, expect, it } from 'vitest';
import { HttpError } from '../../platform/http-errors.ts';
import { STATE_LIFETIME_MS, createState, pkceChallenge, pkceVerifier, verifyState } from './oauth-state.ts';
import { decryptSecret, encryptSecret } from './secret-box.ts';

const secret = 'x'.repeat(64);
const now = new Date('2026-01-01T10:00:00Z');

describe('oauth state', () => {
  it('gives back the nonce and return address of a state it signed, within its lifetime', () => {
    const { state, nonce } = createState(secret, 'google', 'https://lnk.example.com/auth/callback', now);
    const later = new Date(now.getTime() + STATE_LIFETIME_MS);
    expect(verifyState(secret, state, 'google', later)).toEqual({ nonce, redirectUri: 'https://lnk.example.com/auth/callback' });
  });

  it('refuses an old state, another installation’s, or another provider’s, as auth_failed', () => {
    const { state } = createState(secret, 'google', 'https://lnk.example.com/auth/callback', now);
    const refusals = [
      () => verifyState(secret, state, 'google', new Date(now.getTime() + STATE_LIFETIME_MS + 1)),
      () => verifyState('y'.repeat(64), state, 'google', now),
      () => verifyState(secret, state, 'facebook', now),
      () => verifyState(secret, 'garbage', 'google', now),
      () => verifyState(secret, undefined, 'google', now),
    ];
    for (const refusal of refusals) {
      expect(refusal).toThrow(HttpError);
      expect(refusal).toThrow(/^auth_failed: /);
    }
  });

  it('derives a PKCE verifier only the installation can recompute, and its S256 challenge', () => {
    const verifier = pkceVerifier(secret, 'nonce-1');
    expect(verifier).toMatch(/^[\w-]{43}$/);
    expect(pkceVerifier(secret, 'nonce-1')).toBe(verifier);
    expect(pkceVerifier(secret, 'nonce-2')).not.toBe(verifier);
    // RFC 7636 appendix B's example pair.
    expect(pkceChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM');
  });
});

describe('secret box', () => {
  it('reads back what it encrypted, and refuses another key, purpose or a tampered value', () => {
    const stored = encryptSecret(secret, 'oauth-client-secret', 'hunter2');
    expect(stored).not.toContain('hunter2');
    expect(encryptSecret(secret, 'oauth-client-secret', 'hunter2')).not.toBe(stored);
    expect(decryptSecret(secret, 'oauth-client-secret', stored)).toBe('hunter2');
    expect(() => decryptSecret('y'.repeat(64), 'oauth-client-secret', stored)).toThrow();
    expect(() => decryptSecret(secret, 'api-key', stored)).toThrow();
    const [v, iv, tag, data] = stored.split('.');
    const flipped = Buffer.from(data!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret(secret, 'oauth-client-secret', [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });
});
