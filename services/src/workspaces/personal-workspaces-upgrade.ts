import type { ReadStore } from '@linkledger/contracts';
import { USERS, WORKSPACES, type UserView } from '@linkledger/projections';

/**
 * Whether the read model was built by a version before workspaces: it has accounts, and not
 * one of them has the personal workspace this version derives from their registration
 * (docs/workspaces.md#identity-why-nothing-is-migrated). Only a replay of the log fills them;
 * every live account has one, so any workspace at all means the read model is of this version.
 */
export async function lacksPersonalWorkspaces(read: Pick<ReadStore, 'count' | 'find'>): Promise<boolean> {
  if ((await read.count(WORKSPACES)) > 0) return false;
  return (await read.find<UserView>(USERS)).some((user) => user.status !== 'deleted');
}
