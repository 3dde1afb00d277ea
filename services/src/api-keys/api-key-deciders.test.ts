import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { StoredApiKey } from './api-key.ts';
import { ACCOUNT_NOT_FOUND, decideGenerateApiKey, decideRegenerateApiKey } from './api-key-deciders.ts';
import { evolveApiKey, noApiKeyState, type ApiKeyState } from './api-key-state.ts';

const apiKeys = deciderSpec({ initialState: noApiKeyState, evolve: evolveApiKey, decide: decideGenerateApiKey });
const given = (events: DomainEvent[]): ApiKeyState => apiKeys.given(events).state;

const key = (n: number): StoredApiKey => ({ keyId: `key-${n}`, keyHash: String(n).repeat(64).slice(0, 64), keyEncrypted: `v1.encrypted-${n}` });
const registered: DomainEvent = { type: 'UserRegistered', data: { user_id: 7, email: 'a@example.com', password_hash: 'h', role: 'user' } };
const issued = (n: number): DomainEvent => ({
  type: 'ApiKeyIssued',
  data: { user_id: 7, key_id: key(n).keyId, key_hash: key(n).keyHash, key_encrypted: key(n).keyEncrypted },
});
const revoked = (n: number): DomainEvent => ({
  type: 'ApiKeyRevoked',
  data: { user_id: 7, key_id: key(n).keyId, key_hash: key(n).keyHash, reason: 'regenerated' },
});

describe('API key decider', () => {
  it('given a user without a key, when a key is generated, then it is issued', () => {
    expect(decideGenerateApiKey({ key: key(1) }, given([registered]))).toEqual([issued(1)]);
  });

  it('given a user with a key, when a key is generated, then nothing is recorded (the existing key is kept)', () => {
    expect(decideGenerateApiKey({ key: key(2) }, given([registered, issued(1)]))).toEqual([]);
  });

  it('given a user with a key, when it is regenerated, then the old key is revoked and a new one issued, in that order', () => {
    expect(decideRegenerateApiKey({ key: key(2) }, given([registered, issued(1)]))).toEqual([revoked(1), issued(2)]);
  });

  it('given a user without a key, when it is regenerated, then a key is simply issued', () => {
    expect(decideRegenerateApiKey({ key: key(1) }, given([registered]))).toEqual([issued(1)]);
  });

  it('given no account, when a key is asked for, then the account is not found and nothing is recorded', () => {
    expect(() => decideGenerateApiKey({ key: key(1) }, given([]))).toThrow(DomainError);
    expect(() => decideRegenerateApiKey({ key: key(1) }, given([]))).toThrow(ACCOUNT_NOT_FOUND);
  });

  it('follows the current key through issue, regeneration and unrelated events', () => {
    const passwordChanged: DomainEvent = { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'h2', reason: 'change' } };
    expect(given([registered, issued(1), passwordChanged])).toEqual({ userId: 7, current: key(1) });
    expect(given([registered, issued(1), revoked(1), issued(2)])).toEqual({ userId: 7, current: key(2) });
    // A revocation of some other key leaves the current one alone.
    expect(given([registered, issued(2), revoked(1)])).toEqual({ userId: 7, current: key(2) });
  });
});
