import type { ReactNode } from 'react';
import { RoleNotice, rolesAllowed, useWorkspaceAccess } from '../workspaces/index.ts';

/* The domains screens for the caller's role in the workspace (docs/web-app.md#roles-on-screen). */

export const DOMAINS_CHANGE = 'Adding, verifying, activating and deleting custom domains';
export const TRAI_CHANGE = 'Adding, verifying, activating and deleting TRAI headers';

/** An empty list's line for a role that may not add: who does. */
export const byChangers = (what: string) => `${what} are added by members with the ${rolesAllowed('domains:write')} role.`;

/** The domains and headers for a role that reads them; for any other (billing), why not, and no call the server would refuse. */
export function ForDomainReaders({ children }: { children: ReactNode }) {
  const access = useWorkspaceAccess();
  if (access.role !== null && !access.allows('domains:read')) {
    return <RoleNotice permission="domains:read" action="Reading custom domains and TRAI headers" />;
  }
  return children;
}
