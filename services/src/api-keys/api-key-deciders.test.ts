import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { DomainError } from '../commands/domain-error.ts';
import { deciderSpec } from '../testing/decider-spec.ts';
import type { StoredApiKey } from './api-key.ts';
import { ACCOUNT_NOT_FOUND, issueApiKeyDecider } from './api-key-deciders.ts';

const apiKeys = deciderSpec(issueApiKeyDecider);
const generate = (key: StoredApiKey) => ({ userId: 7, replace: false, key });
const regenerate = (key: StoredApiKey) => ({ userId: 7, replace: true, key });

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
    apiKeys
      .given([registered])
      .when(generate(key(1)))
      .then([issued(1)]);
  });

  it('given a user with a key, when a key is generated, then nothing is recorded (the existing key is kept)', () => {
    apiKeys
      .given([registered, issued(1)])
      .when(generate(key(2)))
      .then([]);
  });

  it('given a user with a key, when it is regenerated, then the old key is revoked and a new one issued, in that order', () => {
    apiKeys
      .given([registered, issued(1)])
      .when(regenerate(key(2)))
      .then([revoked(1), issued(2)]);
  });

  it('given a user without a key, when it is regenerated, then a key is simply issued', () => {
    apiKeys
      .given([registered])
      .when(regenerate(key(1)))
      .then([issued(1)]);
  });

  it('given no account, when a key is asked for, then the account is not found and nothing is recorded', () => {
    apiKeys
      .given([])
      .when(generate(key(1)))
      .thenThrows(DomainError);
    apiKeys
      .given([])
      .when(regenerate(key(1)))
      .thenThrows(ACCOUNT_NOT_FOUND);
  });

  it('follows the current key through issue, regeneration and unrelated events', () => {
    const passwordChanged: DomainEvent = { type: 'PasswordChanged', data: { user_id: 7, password_hash: 'h2', reason: 'change' } };
    expect(apiKeys.given([registered, issued(1), passwordChanged]).state).toEqual({ userId: 7, current: key(1) });
    expect(apiKeys.given([registered, issued(1), revoked(1), issued(2)]).state).toEqual({ userId: 7, current: key(2) });
    // A revocation of some other key leaves the current one alone.
    expect(apiKeys.given([registered, issued(2), revoked(1)]).state).toEqual({ userId: 7, current: key(2) });
  });
});
