import type { ReadStore } from '@linkledger/contracts';
import { notFound } from '../commands/domain-error.ts';

/**
 * A read model's document of the workspace in the path, or a 404 with `missing`: another
 * workspace's document is answered as if it did not exist, so its ids reveal nothing.
 */
export async function workspaceDocument<T extends { id: number; workspace_id: number }>(
  read: Pick<ReadStore, 'get'>,
  collection: string,
  workspaceId: number,
  id: number,
  missing: string,
): Promise<T> {
  const document = await read.get<T>(collection, id);
  if (!document || document.workspace_id !== workspaceId) throw notFound(missing);
  return document;
}
