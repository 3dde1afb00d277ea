import { useChosenWorkspace } from '../../api/chosen-workspace.ts';
import { useSession } from '../auth/index.ts';
import { accessIn, type WorkspaceAccess } from './role-access.ts';
import { useWorkspaces } from './useWorkspaces.ts';

/** The caller's role and permissions in the workspace the app acts in (role-access.ts). */
export function useWorkspaceAccess(): WorkspaceAccess {
  const { current } = useWorkspaces();
  const chosenId = useChosenWorkspace((state) => state.id);
  const me = useSession((s) => s.user?.id);
  return accessIn(current, chosenId, me);
}
