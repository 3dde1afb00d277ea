import { describe, expect, it } from 'vitest';
import { deciderSpec } from '../testing/decider-spec.ts';
import { SESSION_NOT_FOUND, decideSessionRevoke, decideSessionUse, sessionUseDecider } from './session-deciders.ts';
import { noSession } from './session-state.ts';

describe('sessions', () => {
  const started = deciderSpec(sessionUseDecider, 'session-j1').given([
    { type: 'SessionStarted', data: { user_id: 7, jti: 'j1', expires_at: '2026-12-01T00:00:00.000Z', user_agent: 'UA' } },
  ]).state;
  // The spec stamps its given events 2026-11-22T00:00:00Z (testing/recorded.ts).
  const use = { userId: 7, jti: 'j1', expiresAt: new Date('2026-12-01T00:00:00Z'), userAgent: 'UA' };

  it('given a session used less than an hour ago, then no SessionUsed; an hour later, then one', () => {
    expect(decideSessionUse({ ...use, now: new Date('2026-11-22T00:59:59Z') }, started)).toEqual([]);
    expect(decideSessionUse({ ...use, now: new Date('2026-11-22T01:00:00Z') }, started)).toEqual([{ type: 'SessionUsed', data: { user_id: 7, jti: 'j1' } }]);
  });

  it('given a token with no recorded session, then it is started from its first use; given a revoked one, then nothing', () => {
    expect(decideSessionUse({ ...use, now: new Date('2026-11-22T00:00:00Z') }, noSession)).toEqual([
      { type: 'SessionStarted', data: { user_id: 7, jti: 'j1', expires_at: '2026-12-01T00:00:00.000Z', user_agent: 'UA' } },
    ]);
    expect(decideSessionUse({ ...use, now: new Date('2026-11-23T00:00:00Z') }, { ...started, revoked: true })).toEqual([]);
  });

  it("given the owner's session, when signed out, then SessionRevoked with its expiry; someone else's or a revoked one is not found", () => {
    expect(decideSessionRevoke({ userId: 7, jti: 'j1' }, started)).toEqual([
      { type: 'SessionRevoked', data: { user_id: 7, jti: 'j1', expires_at: '2026-12-01T00:00:00.000Z' } },
    ]);
    expect(() => decideSessionRevoke({ userId: 8, jti: 'j1' }, started)).toThrow(SESSION_NOT_FOUND);
    expect(() => decideSessionRevoke({ userId: 7, jti: 'j1' }, { ...started, revoked: true })).toThrow(SESSION_NOT_FOUND);
    expect(() => decideSessionRevoke({ userId: 7, jti: 'j1' }, noSession)).toThrow(SESSION_NOT_FOUND);
  });
});
