import type { UnitOfWork } from './unit-of-work.ts';

/**
 * Which documents of a collection each workspace holds, listed in a collection of its own
 * (`{ id: workspaceId, [field]: ids }`), so that a deleted workspace (or a deleted account's
 * personal one) takes them out in the same batch: a projection handler reads documents by id only.
 */
export function workspaceHoldings<Id extends string | number>(
  holdings: string,
  field: string,
  documents: string,
  documentOf: (workspaceId: number, id: Id) => string | number,
) {
  const heldBy = async (tx: UnitOfWork, workspaceId: number): Promise<Id[]> =>
    ((await tx.get<{ [key: string]: unknown; id: number }>(holdings, workspaceId))?.[field] as Id[] | undefined) ?? [];
  return {
    /** Changes the list of what a workspace holds (an empty list is no document). */
    async note(tx: UnitOfWork, workspaceId: number, change: (held: Id[]) => Id[]): Promise<void> {
      const held = change(await heldBy(tx, workspaceId));
      if (held.length === 0) tx.delete(holdings, workspaceId);
      else tx.put(holdings, { id: workspaceId, [field]: held });
    },
    /** Takes every document a workspace held out, and its list. */
    async drop(tx: UnitOfWork, workspaceId: number): Promise<void> {
      for (const id of await heldBy(tx, workspaceId)) tx.delete(documents, documentOf(workspaceId, id));
      tx.delete(holdings, workspaceId);
    },
  };
}
