import './role-notice.css';
import type { ReactNode } from 'react';
import type { WorkspacePermission } from '@linkledger/contracts/workspace-permissions';
import { roleReason } from './role-access.ts';
import { useWorkspaceAccess } from './useWorkspaceAccess.ts';

/**
 * Says, as text every reader reaches (no tooltip, no disabled control), why the screen offers
 * no `action` here: the caller's role in the workspace and the roles that may. Nothing while
 * the role allows it, or is not known yet.
 */
export function RoleNotice({ permission, action, children }: { permission: WorkspacePermission; action: string; children?: ReactNode }) {
  const { role, allows } = useWorkspaceAccess();
  if (role === null || allows(permission)) return null;
  return (
    <section className="banner banner--info role-notice" role="note" aria-label="What your role allows" data-testid="role-notice">
      <div className="banner__body">
        <p>{roleReason(role, permission, action)}</p>
        {children}
      </div>
    </section>
  );
}
