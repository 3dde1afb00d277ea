import type { Decider } from '../commands/command-handler.ts';
import { conflict, notFound } from '../commands/domain-error.ts';
import { ANALYSTS_STREAM, evolveCredentials, type AnalystCredentials } from './credential-state.ts';

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
