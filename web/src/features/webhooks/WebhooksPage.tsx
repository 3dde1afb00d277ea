import './webhooks.css';
import { useChosenWorkspace } from '../../api/chosen-workspace.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSession } from '../auth/index.ts';
import { FeatureGate } from '../domains/index.ts';
import { RoleNotice, useWorkspaceAccess } from '../workspaces/index.ts';
import { WebhooksCard } from './WebhooksCard.tsx';

/** Webhooks are on the Pro and Enterprise plans; everyone else is told so. */
const WEBHOOKS_PROMPT =
  'Webhooks are available on the Pro or Enterprise plan. Upgrade to let your own systems hear about links, clicks, domains and payments as they happen.';
const WEBHOOKS_CHANGE = 'Managing the workspace’s webhooks';

/**
 * /webhooks (docs/web-app.md#webhooks): the chosen workspace's webhooks, for a role with the
 * workspace's settings, behind the plan's `webhooks` feature.
 */
export default function WebhooksPage() {
  const me = useSession((s) => s.user?.id);
  const chosen = useChosenWorkspace((state) => state.id);
  const access = useWorkspaceAccess();
  const workspaceId = chosen ?? me;
  return (
    <div className="webhooks-page stack">
      <PageHeader title="Webhooks" subtitle="Send what happens in this workspace to your own systems, signed, and replay any part of its history." />
      <RoleNotice permission="workspace:settings" action={WEBHOOKS_CHANGE} />
      {workspaceId !== undefined && access.allows('workspace:settings') ? (
        <FeatureGate feature="webhooks" prompt={WEBHOOKS_PROMPT}>
          {/* Keyed by the workspace: a secret shown or a log opened in one never stays on screen in another. */}
          <WebhooksCard key={workspaceId} workspaceId={workspaceId} />
        </FeatureGate>
      ) : null}
    </div>
  );
}
