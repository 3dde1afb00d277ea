import './settings.css';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { BillingTab } from './BillingTab.tsx';
import { NotificationSettings } from './notifications/NotificationSettings.tsx';
import { ProfileTab } from './ProfileTab.tsx';
import { SecurityTab } from './SecurityTab.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { WorkspaceTab } from '../workspaces/index.ts';

const TAB_IDS = ['profile', 'security', 'notifications', 'billing', 'workspace'] as const;

/** /settings (signed in): profile, security, notifications, billing and the current workspace, the tab kept in `?tab=` (docs/accounts.md, docs/workspaces.md#screens). */
export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const selected = TAB_IDS.find((id) => id === asked) ?? 'profile';
  const tabs: TabItem[] = [
    { id: 'profile', label: 'Profile', content: <ProfileTab /> },
    { id: 'security', label: 'Security', content: <SecurityTab /> },
    { id: 'notifications', label: 'Notifications', content: <NotificationSettings /> },
    { id: 'billing', label: 'Billing', content: <BillingTab /> },
    { id: 'workspace', label: 'Workspace', content: <WorkspaceTab /> },
  ];
  return (
    <div className="settings">
      <PageHeader title="Settings" subtitle="Your profile, sign-in security, notifications, plan and workspace." />
      <Tabs label="Settings sections" tabs={tabs} selected={selected} onSelect={(tab) => setParams({ tab }, { replace: true })} />
    </div>
  );
}
