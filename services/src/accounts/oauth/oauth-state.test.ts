import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { EventMetadata } from '@linkledger/contracts';
import { DomainError } from '../../commands/domain-error.ts';
import { SqliteEventStore } from '../../stores/events/sqlite-event-store.ts';
import { STATE_LIFETIME_MS, pkceChallenge, redeemState, startSignIn, stateStream } from './oauth-state.ts';
import { decryptSecret, encryptSecret } from '../../platform/secret-box.ts';

const secret = 'x'.repeat(64);
const now = new Date('2026-01-01T10:00:00Z');
const RETURN = 'https://lnk.example.com/auth/callback';
const metadata: EventMetadata = { actor: { kind: 'visitor', id: 'anonymous' }, correlation_id: 'c', causation_id: 'c', at: now.toISOString() };

describe('oauth state', () => {
  const dir = mkdtempSync(join(tmpdir(), 'linkledger-oauth-state-'));
  const events = new SqliteEventStore(join(dir, 'events.db'), { synchronous: 'NORMAL' });
  afterAll(async () => {
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const start = () => startSignIn(events, secret, metadata, { provider: 'google', redirectUri: RETURN, now });
  const redeem = (state: string | undefined, overrides: { provider?: 'google' | 'facebook'; redirectUri?: string; at?: Date } = {}) =>
    redeemState(events, secret, metadata, {
      state,
      provider: overrides.provider ?? 'google',
      redirectUri: overrides.redirectUri ?? RETURN,
      now: overrides.at ?? now,
    });

  it('gives back the random PKCE verifier and the return address once, within the lifetime; a second return is code_used', async () => {
    const { state, challenge } = await start();
    expect(state).toMatch(/^[\w-]{43}$/);
    const redeemed = await redeem(state, { at: new Date(now.getTime() + STATE_LIFETIME_MS) });
    expect(redeemed.redirectUri).toBe(RETURN);
    expect(redeemed.verifier).toMatch(/^[\w-]{43}$/);
    expect(pkceChallenge(redeemed.verifier)).toBe(challenge);
    await expect(redeem(state)).rejects.toThrow(/^code_used: /);
  });

  it('stores neither the state nor the verifier readable: the stream is named by the state’s hash', async () => {
    const { state } = await start();
    const stored = await events.readStream(stateStream(state));
    expect(stored.map((e) => e.type)).toEqual(['OAuthSignInStarted']);
    const { verifier } = await redeem(state);
    const text = JSON.stringify(await events.readStream(stateStream(state)));
    expect(text).not.toContain(state);
    expect(text).not.toContain(verifier);
    expect(stateStream(state)).not.toContain(state);
  });

  it('refuses an expired, unknown, missing, other provider’s or other return address’s state as auth_failed, without using it up', async () => {
    const { state } = await start();
    const refusals = [
      redeem(state, { at: new Date(now.getTime() + STATE_LIFETIME_MS + 1) }),
      redeem('not-a-state-we-issued'),
      redeem(undefined),
      redeem(state, { provider: 'facebook' }),
      redeem(state, { redirectUri: 'https://evil.example.com/auth/callback' }),
    ];
    for (const refusal of refusals) {
      await expect(refusal).rejects.toThrow(DomainError);
      await expect(refusal).rejects.toThrow(/^auth_failed: /);
    }
    expect((await redeem(state)).redirectUri).toBe(RETURN);
  });

  it('gives two sign-ins different states and verifiers', async () => {
    const [a, b] = [await start(), await start()];
    expect(a.state).not.toBe(b.state);
    expect(a.challenge).not.toBe(b.challenge);
  });

  it('computes the RFC 7636 S256 challenge', () => {
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
