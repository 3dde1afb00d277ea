import './admin.css';
import { useSearchParams } from 'react-router';
import { useSession } from '../auth/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { UsersTab } from './UsersTab.tsx';

export const ACCESS_DENIED = "You don't have permission to access the admin panel.";
const ROLE_NAMES = { user: 'User', admin: 'Admin', super_admin: 'Super Admin' } as const;

/** The admin panel (docs/web-app.md#admin-panel): the role decides, then the tabs of docs/admin.md. */
export default function AdminPage() {
  const user = useSession((s) => s.user);
  const [params, setParams] = useSearchParams();
  if (!user) return <LoadingScreen />;
  if (user.role !== 'admin' && user.role !== 'super_admin') return <AccessDenied role={ROLE_NAMES[user.role]} />;

  const tabs: TabItem[] = [
    { id: 'overview', label: 'Overview', content: <OverviewTab /> },
    { id: 'users', label: 'User Management', content: <UsersTab isSuperAdmin={user.role === 'super_admin'} selfId={user.id} /> },
  ];
  return (
    <div className="admin">
      <header className="page-header admin__header">
        <div>
          <h1 className="page-title">Admin Panel</h1>
          <p className="page-subtitle">Users, plans, sign-in, e-mail and the platform’s health.</p>
        </div>
        <span className={`admin__badge admin__badge--${user.role}`}>{ROLE_NAMES[user.role]}</span>
      </header>
      <Tabs
        label="Admin sections"
        className="admin__tabs"
        tabs={tabs}
        selected={params.get('tab') ?? 'overview'}
        onSelect={(tab) => setParams({ tab }, { replace: true })}
      />
    </div>
  );
}

function AccessDenied({ role }: { role: string }) {
  return (
    <div className="admin admin--denied">
      <div className="card empty-state" role="alert">
        <p className="empty-state__title">Access Denied</p>
        <p>{ACCESS_DENIED}</p>
        <p className="admin__role">Your role: {role}</p>
      </div>
    </div>
  );
}
