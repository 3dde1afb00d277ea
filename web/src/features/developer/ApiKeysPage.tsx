import type { ReactNode } from 'react';
import { ApiKeyCard } from './ApiKeyCard.tsx';
import { SecurityTips } from './SecurityTips.tsx';
import { UsageExamples } from './UsageExamples.tsx';
import { useApiKey } from './useApiKey.ts';
import { WorkspaceKeysCard } from './WorkspaceKeysCard.tsx';
import './developer.css';
import { useChosenWorkspace } from '../../api/chosen-workspace.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { useSession } from '../auth/index.ts';

/** The account's own key, generated on the first visit, with the workspace's keys and then the usage examples: the personal workspace's. */
function AccountKey({ workspaceKeys }: { workspaceKeys: ReactNode }) {
  const apiKey = useApiKey();
  return (
    <>
      <ApiKeyCard state={apiKey} />
      {workspaceKeys}
      <UsageExamples apiKey={apiKey.response?.api_key ?? ''} visible={apiKey.visible} />
    </>
  );
}

/**
 * API Key Management (docs/developer-api.md#api-keys): in the caller's personal workspace the
 * account's key, usage examples and security tips; in every workspace its named, scoped keys
 * (docs/developer-api.md#workspace-keys-and-scopes).
 */
export default function ApiKeysPage() {
  const me = useSession((s) => s.user?.id);
  const chosen = useChosenWorkspace((state) => state.id);
  const workspaceId = chosen ?? me;
  const personal = chosen === null || chosen === me;
  const workspaceKeys = workspaceId === undefined ? null : <WorkspaceKeysCard workspaceId={workspaceId} />;
  return (
    <div className="developer">
      <PageHeader title="API Key Management" subtitle="Create links and read analytics from your own code." />
      <div className="developer__layout">
        <div className="stack">{personal ? <AccountKey workspaceKeys={workspaceKeys} /> : workspaceKeys}</div>
        <aside className="stack" aria-label="About API keys">
          <SecurityTips />
        </aside>
      </div>
    </div>
  );
}
