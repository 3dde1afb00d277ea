import { useEffect } from 'react';
import { chooseWorkspace, useChosenWorkspace } from '../../api/chosen-workspace.ts';
import { useQuery } from '../../api/query.ts';
import { useSession } from '../auth/index.ts';
import { currentWorkspace, isPersonalUser } from './workspace-rules.ts';
import { WORKSPACES_QUERY, workspacesApi } from './workspaces-api.ts';

/**
 * The caller's workspaces and the one the app acts in. A stored choice that is no longer among
 * them (deleted, or the caller was removed) is dropped: the app goes back to the personal one.
 */
export function useWorkspaces() {
  const query = useQuery(WORKSPACES_QUERY, workspacesApi.list);
  const chosenId = useChosenWorkspace((state) => state.id);
  const me = useSession((s) => s.user?.id);
  const workspaces = query.data?.workspaces;
  const current = workspaces && me !== undefined ? currentWorkspace(workspaces, chosenId, me) : undefined;
  const chosenGone = workspaces !== undefined && chosenId !== null && current?.id !== chosenId;
  useEffect(() => {
    if (chosenGone) void chooseWorkspace(null);
  }, [chosenGone]);
  /** Acts in the workspace from now on; the caller's own personal one is the default, named by no header. */
  const choose = (id: number) => chooseWorkspace(id === me ? null : id);
  return { ...query, workspaces, current, choose };
}

/**
 * The name of the workspace a payment made now is for, when it is not the caller's own personal
 * one (docs/payments.md#whose-plan-a-payment-buys); null in their own, or while unknown.
 */
export function useTeamBeingPaidFor(): string | null {
  const { current } = useWorkspaces();
  const me = useSession((s) => s.user?.id);
  return current && me !== undefined && !isPersonalUser(current, me) ? current.name : null;
}
