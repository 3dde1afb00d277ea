import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { DomainEvent } from '@linkledger/contracts';
import type { Decider } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { withEntry } from './keyed-state.ts';
import type { EventEnvelope } from '../commands/event-port.ts';

/** Every analyst credential lives on one stream: names are unique among live ones, checked by its revision. */
export const ANALYSTS_STREAM = 'analysts';

export interface AnalystCredential {
  id: string;
  name: string;
  secretHash: string;
  createdAt: string;
}

/** The live credentials by id, folded from the `analysts` stream. */
export type AnalystCredentials = ReadonlyMap<string, AnalystCredential>;

export function evolveCredentials(state: AnalystCredentials, event: DomainEvent, envelope: EventEnvelope): AnalystCredentials {
  if (event.type === 'AnalystCredentialIssued') {
    const { analyst_id: id, name, secret_hash: secretHash } = event.data;
    return withEntry(state, id, { id, name, secretHash, createdAt: envelope.metadata.at });
  }
  return event.type === 'AnalystCredentialRevoked' ? withEntry(state, event.data.analyst_id, null) : state;
}

/**
 * A keyed SHA-256 of the password: the password is 256 random bits, so no slow hash is
 * needed, and a check costs microseconds on every query. Keyed by the installation secret,
 * so the log alone cannot even confirm a guessed password.
 */
const hashAnalystSecret = (installationSecret: string, password: string) =>
  createHmac('sha256', installationSecret).update(`linkledger analyst v1:${password}`).digest('hex');

export function passwordMatches(installationSecret: string, credential: AnalystCredential, password: string): boolean {
  const given = Buffer.from(hashAnalystSecret(installationSecret, password), 'hex');
  return timingSafeEqual(given, Buffer.from(credential.secretHash, 'hex'));
}

/** A new credential, minted before deciding (randomness stays out of the decider). */
export function mintCredential(installationSecret: string): { id: string; password: string; secretHash: string } {
  const password = `lla_${randomBytes(32).toString('base64url')}`;
  return { id: randomUUID(), password, secretHash: hashAnalystSecret(installationSecret, password) };
}

const ANALYST_NOT_FOUND = 'There is no such analyst credential (it may have been revoked already).';

type CredentialCommand = { kind: 'issue'; id: string; name: string; secretHash: string } | { kind: 'revoke'; id: string };

export const analystCredentialsDecider: Decider<CredentialCommand, AnalystCredentials> = {
  streamOf: () => ANALYSTS_STREAM,
  initialState: new Map(),
  evolve: evolveCredentials,
  decide: (command, state) => {
    if (command.kind === 'issue') {
      if ([...state.values()].some((credential) => credential.name === command.name)) {
        throw conflict(`An analyst named ${command.name} already has a credential: revoke it first, or choose another name.`);
      }
      return [{ type: 'AnalystCredentialIssued', data: { analyst_id: command.id, name: command.name, secret_hash: command.secretHash } }];
    }
    const credential = state.get(command.id);
    if (!credential) throw notFound(ANALYST_NOT_FOUND);
    return [{ type: 'AnalystCredentialRevoked', data: { analyst_id: credential.id, name: credential.name } }];
  },
};
