import './AppShell.css';
import { Suspense, useCallback, useEffect, useId, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { storedToken } from '../api/client.ts';
import { useChosenWorkspace } from '../api/chosen-workspace.ts';
import { useSession } from '../features/auth/index.ts';
import { useSubscription, planLabel, PaymentsIcon } from '../features/billing/index.ts';
import { live } from '../live/live.ts';
import { LiveMarker } from '../live/LiveMarker.tsx';
import { CreateLinkModal, useCreateLink } from '../features/links/index.ts';
import { WorkspaceSwitcher, useWorkspaceAccess } from '../features/workspaces/index.ts';
import {
  BookIcon,
  ChartIcon,
  CloseIcon,
  CodeIcon,
  GaugeIcon,
  HelpIcon,
  HistoryIcon,
  TagIcon,
  HomeIcon,
  LayersIcon,
  ListIcon,
  LogoMark,
  LogoutIcon,
  MenuIcon,
  PlusIcon,
  SettingsIcon,
  ShieldIcon,
  WebhookIcon,
} from '../ui/icons.tsx';

export const APP_VERSION = 'v1.0.0';

/** Where the sidebar becomes a slide-over (AppShell.css uses the same width). */
const SLIDE_OVER_QUERY = '(max-width: 56rem)';

/** Whether a media query matches, following changes (a rotated phone, a resized window). */
function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(subscribe, () => window.matchMedia(query).matches);
}

/** The signed-in frame of every protected screen: sidebar, live connection, Create modal. */
export function AppShell({ children }: { children: ReactNode }) {
  const user = useSession((s) => s.user);
  const location = useLocation();
  // The slide-over belongs to the page it was opened on: a route change closes it.
  const [navOpenOn, setNavOpenOn] = useState<string | null>(null);
  const navOpen = navOpenOn === location.pathname;
  const setNavOpen = (open: boolean) => setNavOpenOn(open ? location.pathname : null);
  const navId = useId();
  // The Create dialog's code is fetched the first time it is opened, then stays mounted.
  const createOpen = useCreateLink((s) => s.open);
  const [createWanted, setCreateWanted] = useState(false);
  if (createOpen && !createWanted) setCreateWanted(true);

  // One websocket per signed-in tab, for as long as the shell is shown, on the chosen workspace.
  const workspaceId = useChosenWorkspace((s) => s.id);
  useEffect(() => {
    const token = storedToken();
    if (token) live.start(token, workspaceId);
    return () => live.stop();
  }, [user?.id, workspaceId]);

  return (
    <div className="app-shell" data-nav-open={navOpen}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="mobile-bar">
        <button
          type="button"
          className="icon-button"
          aria-label="Open navigation"
          aria-expanded={navOpen}
          aria-controls={navId}
          onClick={() => setNavOpen(true)}
        >
          <MenuIcon />
        </button>
        <span className="brand brand--small">
          <LogoMark />
          <span>Linkledger</span>
        </span>
        <WorkspaceLiveMarker />
      </header>
      <div className="app-shell__scrim" hidden={!navOpen} onClick={() => setNavOpen(false)} />
      {/* The column carries the sidebar's background the whole page down; the sidebar itself stays in view. */}
      <div className="app-shell__side">
        <Sidebar id={navId} open={navOpen} onClose={() => setNavOpen(false)} />
      </div>
      <main id="main" tabIndex={-1} className="app-main">
        {children}
      </main>
      {createWanted ? (
        <Suspense fallback={null}>
          <CreateLinkModal />
        </Suspense>
      ) : null}
    </div>
  );
}

function Sidebar({ id, open, onClose }: { id: string; open: boolean; onClose(): void }) {
  const user = useSession((s) => s.user);
  const { subscription } = useSubscription();
  const workspaceId = useChosenWorkspace((s) => s.id);
  const openCreate = useCreateLink((s) => s.setOpen);
  const closeButton = useRef<HTMLButtonElement>(null);
  // On small screens the sidebar is a slide-over: closed, it is out of reach of Tab and screen readers.
  const slideOver = useMediaQuery(SLIDE_OVER_QUERY);
  // Items the caller's role in the workspace cannot use are not offered (docs/web-app.md#roles-on-screen).
  const access = useWorkspaceAccess();

  // Opening the slide-over moves focus into it; Escape (focus is inside) closes it.
  useEffect(() => {
    if (open) closeButton.current?.focus();
  }, [open]);

  return (
    <nav
      id={id}
      className="sidebar"
      aria-label="Main navigation"
      data-open={open}
      inert={slideOver && !open}
      onKeyDown={(event) => open && event.key === 'Escape' && onClose()}
    >
      <div className="sidebar__top">
        <NavLink to="/dashboard" className="brand">
          <LogoMark />
          <span>Linkledger</span>
        </NavLink>
        <button ref={closeButton} type="button" className="icon-button sidebar__close" aria-label="Close navigation" onClick={onClose}>
          <CloseIcon />
        </button>
      </div>

      <div className="sidebar__account">
        <p className="sidebar__email" title={user?.email}>
          {user?.email}
        </p>
        <p className="sidebar__meta">
          <span className="online-marker">
            <span className="online-marker__dot" aria-hidden="true" />
            Online
          </span>
          {/* The plan of the workspace the app acts in; the account's own plan stands in only for its personal workspace
              (another workspace's is shown once read, never guessed). */}
          {subscription || workspaceId === null ? (
            <span className="plan-label">{planLabel(subscription?.plan.name, workspaceId === null ? user?.plan_type : undefined)}</span>
          ) : null}
        </p>
      </div>

      <WorkspaceSwitcher />

      <p className="sidebar__heading" id={`${id}-main`}>
        Main
      </p>
      <ul className="sidebar__list" aria-labelledby={`${id}-main`}>
        <NavItem to="/dashboard" icon={<HomeIcon />} label="Dashboard" end />
        {access.allows('links:write') ? (
          <li>
            <button
              type="button"
              className="sidebar__link"
              onClick={() => {
                onClose();
                openCreate(true);
              }}
            >
              <PlusIcon />
              <span>Create Link</span>
            </button>
          </li>
        ) : null}
        {access.allows('links:read') ? (
          <NavItem to="/dashboard#your-urls" icon={<ChartIcon />} label={access.ownPersonal ? 'My Links & Analytics' : 'Links & Analytics'} />
        ) : null}
        {access.allows('links:read') ? <NavItem to="/tags" icon={<TagIcon />} label="Tags" /> : null}
        {access.allows('links:read') ? <NavItem to="/bio-pages" icon={<LayersIcon />} label="Bio Pages" /> : null}
        {access.allows('links:read') ? <NavItem to="/surveys" icon={<ListIcon />} label="Surveys" /> : null}
        {access.allows('analytics:read') ? <NavItem to="/analytics/campaigns" icon={<ChartIcon />} label="Campaigns" /> : null}
        {access.allows('analytics:read') ? <NavItem to="/reports" icon={<ChartIcon />} label="Reports" /> : null}
        <NavItem to="/activity" icon={<HistoryIcon />} label="Activity" />
        <NavItem to="/limits" icon={<GaugeIcon />} label="Limits/Volume" />
        <NavItem to="/developer-tools" icon={<CodeIcon />} label="Developer Tools" />
        {access.allows('workspace:settings') ? <NavItem to="/webhooks" icon={<WebhookIcon />} label="Webhooks" /> : null}
        {user?.role === 'admin' || user?.role === 'super_admin' ? <NavItem to="/admin" icon={<ShieldIcon />} label="Admin Panel" /> : null}
      </ul>

      <p className="sidebar__heading" id={`${id}-account`}>
        Account
      </p>
      <ul className="sidebar__list" aria-labelledby={`${id}-account`}>
        <NavItem to="/payment-management" icon={<PaymentsIcon />} label="Payments" />
        <NavItem to="/settings" icon={<SettingsIcon />} label="Settings" />
        <NavItem to="/support" icon={<HelpIcon />} label="Support" />
        <NavItem to="/docs" icon={<BookIcon />} label="Documentation" />
      </ul>

      <UserMenu />
    </nav>
  );
}

function NavItem({ to, icon, label, end }: { to: string; icon: ReactNode; label: string; end?: boolean }) {
  return (
    <li>
      <NavLink to={to} end={end} className={({ isActive }) => `sidebar__link${isActive && !to.includes('#') ? ' sidebar__link--active' : ''}`}>
        {icon}
        <span>{label}</span>
      </NavLink>
    </li>
  );
}

/** The live marker of the workspace the app acts in: it says when the caller's role there gets its activity but not its clicks. */
function WorkspaceLiveMarker() {
  const access = useWorkspaceAccess();
  // Until the role is known, nothing is claimed about it.
  return <LiveMarker clicks={access.role === null || access.allows('analytics:read')} />;
}

function UserMenu() {
  const user = useSession((s) => s.user);
  const logout = useSession((s) => s.logout);
  const navigate = useNavigate();
  const signOut = async () => {
    await logout();
    navigate('/login', { replace: true });
  };
  return (
    <div className="user-menu">
      <div className="user-menu__who">
        <span className="avatar" aria-hidden="true">
          {(user?.username ?? user?.email ?? '?').charAt(0).toUpperCase()}
        </span>
        <span className="user-menu__names">
          <span className="user-menu__name">{user?.username}</span>
          <span className="user-menu__email">{user?.email}</span>
        </span>
      </div>
      {/* The role decides, never the plan: the panel admits admins and the super admin only (docs/admin.md). */}
      {user?.role === 'admin' || user?.role === 'super_admin' ? (
        <a className="user-menu__link" href="/admin" target="_blank" rel="noopener">
          <ShieldIcon />
          Admin Panel
        </a>
      ) : null}
      <button type="button" className="user-menu__link" onClick={() => void signOut()}>
        <LogoutIcon />
        Sign out
      </button>
      <p className="version-label">
        {APP_VERSION} <WorkspaceLiveMarker />
      </p>
    </div>
  );
}
