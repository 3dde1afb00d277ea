import type { Role } from '@linkledger/contracts';

const ACCESS_DENIED = "You don't have permission to access the admin panel.";
export const ROLE_NAMES: Record<Role, string> = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' };

/** What an admin screen shows a caller whose role it does not admit (docs/web-app.md#admin-panel). */
export function AccessDenied({ role }: { role: Role }) {
  return (
    <div className="admin admin--denied">
      <div className="card empty-state" role="alert">
        <p className="empty-state__title">Access Denied</p>
        <p>{ACCESS_DENIED}</p>
        <p className="admin__role">Your role: {ROLE_NAMES[role]}</p>
      </div>
    </div>
  );
}
