import { describe, it } from 'vitest';
import type { DomainEvent } from '@linkledger/contracts';
import { deciderSpec } from '../testing/decider-spec.ts';
import { analystCredentialsDecider } from './credential-deciders.ts';

const credentials = deciderSpec(analystCredentialsDecider, 'analysts');
const issued = (id: string, name: string): DomainEvent => ({ type: 'AnalystCredentialIssued', data: { analyst_id: id, name, secret_hash: 'a'.repeat(64) } });

describe('analyst credentials', () => {
  it('given no credential by that name, when one is issued, then it is recorded with its secret hash', () => {
    credentials
      .given([])
      .when({ kind: 'issue', id: 'a1', name: 'ada', secretHash: 'b'.repeat(64) })
      .then([{ type: 'AnalystCredentialIssued', data: { analyst_id: 'a1', name: 'ada', secret_hash: 'b'.repeat(64) } }]);
  });

  it('given a live credential by that name, then another is refused; once revoked, the name is free again', () => {
    const command = { kind: 'issue' as const, id: 'a2', name: 'ada', secretHash: 'c'.repeat(64) };
    credentials
      .given([issued('a1', 'ada')])
      .when(command)
      .thenThrows('An analyst named ada already has a credential');
    credentials
      .given([issued('a1', 'ada'), { type: 'AnalystCredentialRevoked', data: { analyst_id: 'a1', name: 'ada' } }])
      .when(command)
      .then([{ type: 'AnalystCredentialIssued', data: { analyst_id: 'a2', name: 'ada', secret_hash: 'c'.repeat(64) } }]);
  });

  it('given a live credential, when it is revoked, then the revocation names it; an unknown or revoked one is not found', () => {
    credentials
      .given([issued('a1', 'ada')])
      .when({ kind: 'revoke', id: 'a1' })
      .then([{ type: 'AnalystCredentialRevoked', data: { analyst_id: 'a1', name: 'ada' } }]);
    credentials
      .given([issued('a1', 'ada')])
      .when({ kind: 'revoke', id: 'a9' })
      .thenThrows('There is no such analyst credential');
    credentials
      .given([issued('a1', 'ada'), { type: 'AnalystCredentialRevoked', data: { analyst_id: 'a1', name: 'ada' } }])
      .when({ kind: 'revoke', id: 'a1' })
      .thenThrows('There is no such analyst credential');
  });
});
