import './admin.css';
import { useSearchParams } from 'react-router';
import { useSession } from '../auth/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { AccessDenied, ROLE_NAMES } from './AccessDenied.tsx';
import { EmailTab } from './EmailTab.tsx';
import { FeaturesTab } from './FeaturesTab.tsx';
import { HistoryTab } from './history/HistoryTab.tsx';
import { ModerationTab } from './ModerationTab.tsx';
import { OAuthTab } from './OAuthTab.tsx';
import { OverviewTab } from './OverviewTab.tsx';
import { PlansTab } from './PlansTab.tsx';
import { ProjectionsTab } from './projections/ProjectionsTab.tsx';
import { SqlTab } from './sql/SqlTab.tsx';
import { SubscriptionsTab } from './SubscriptionsTab.tsx';
import { SupportInboxTab } from './support/SupportInboxTab.tsx';
import { SystemTab } from './SystemTab.tsx';
import { TraiApprovalsTab } from './trai/TraiApprovalsTab.tsx';
import { UserLimitsTab } from './UserLimitsTab.tsx';
import { UsersTab } from './UsersTab.tsx';

/** The admin panel (docs/web-app.md#admin-panel): the role decides, then the tabs of docs/admin.md. */
export default function AdminPage() {
  const user = useSession((s) => s.user);
  const [params, setParams] = useSearchParams();
  if (!user) return <LoadingScreen />;
  if (user.role !== 'admin' && user.role !== 'super_admin') return <AccessDenied role={user.role} />;

  const tabs: TabItem[] = [
    { id: 'overview', label: 'Overview', content: <OverviewTab /> },
    { id: 'users', label: 'User Management', content: <UsersTab isSuperAdmin={user.role === 'super_admin'} selfId={user.id} /> },
    { id: 'user-limits', label: 'User Limits', content: <UserLimitsTab /> },
    { id: 'oauth', label: 'OAuth', content: <OAuthTab /> },
    { id: 'email', label: 'Email', content: <EmailTab /> },
    { id: 'subscriptions', label: 'Subscriptions', content: <SubscriptionsTab /> },
    { id: 'plans', label: 'Plans', content: <PlansTab /> },
    { id: 'features', label: 'Features', content: <FeaturesTab /> },
    { id: 'system', label: 'System', content: <SystemTab /> },
    { id: 'projections', label: 'Projections', content: <ProjectionsTab isSuperAdmin={user.role === 'super_admin'} /> },
    { id: 'moderation', label: 'Moderation', content: <ModerationTab /> },
    { id: 'trai-approvals', label: 'TRAI Approvals', content: <TraiApprovalsTab /> },
    { id: 'support', label: 'Support', content: <SupportInboxTab /> },
    { id: 'history', label: 'History', content: <HistoryTab /> },
    { id: 'sql', label: 'SQL', content: <SqlTab /> },
  ];
  return (
    <div className="admin">
      <header className="page-header admin__header cluster cluster--between gap-3 cluster--top">
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
