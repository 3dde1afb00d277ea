import type { DomainEvent } from '@linkledger/contracts';
import type { EventEnvelope } from '../commands/event-port.ts';
import { withEntry } from './keyed-state.ts';

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
