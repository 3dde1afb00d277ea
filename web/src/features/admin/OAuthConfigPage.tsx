import './admin.css';
import { useSession } from '../auth/index.ts';
import { LoadingScreen } from '../../ui/LoadingScreen.tsx';
import { AccessDenied } from './AccessDenied.tsx';
import { OAuthTab } from './OAuthTab.tsx';

/** `/admin/oauth-config`: the sign-in providers on their own, open to admins and the super admin (docs/web-app.md#admin-panel). */
export default function OAuthConfigPage() {
  const user = useSession((s) => s.user);
  if (!user) return <LoadingScreen />;
  if (user.role !== 'admin' && user.role !== 'super_admin') return <AccessDenied role={user.role} />;
  return (
    <div className="admin">
      <header className="page-header admin__header cluster cluster--between gap-3 cluster--top">
        <div>
          <h1 className="page-title">OAuth Configuration</h1>
          <p className="page-subtitle">Google, Facebook and Twitter sign-in: client credentials, addresses and whether each is offered.</p>
        </div>
      </header>
      <OAuthTab />
    </div>
  );
}
