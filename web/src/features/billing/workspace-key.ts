import { useChosenWorkspace } from '../../api/chosen-workspace.ts';

/**
 * A billing query's key in the chosen workspace: each workspace's plan and payments are cached
 * apart, so a refetch that fails after a switch (a role that may not read payments) never
 * leaves the previous workspace's answer on screen. Invalidating the key without it still
 * reaches every workspace's.
 */
export function useWorkspaceKey<Key extends readonly unknown[]>(key: Key): readonly [...Key, number | null] {
  const workspaceId = useChosenWorkspace((state) => state.id);
  return [...key, workspaceId];
}
