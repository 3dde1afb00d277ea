import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { createdLabel, momentLabel } from '../../format/dates.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CodeList } from '../../ui/CodeList.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { LoadFailedBanner } from '../../ui/LoadFailedBanner.tsx';
import { KeyIcon } from '../../ui/icons.tsx';
import { ActionStatusLine, type ActionStatus } from '../workspaces/index.ts';
import { CardHead } from './CardHead.tsx';
import { NewWorkspaceKeyForm } from './NewWorkspaceKeyForm.tsx';
import { workspaceKeysApi, workspaceKeysQuery, type WorkspaceApiKey } from './workspace-keys-api.ts';
import './workspace-keys.css';

const COLUMNS = ['Name', 'Scopes', 'Created by', 'Created', 'Last used', { label: 'Actions', hidden: true }] as const;
const LOAD_FAILED = 'Failed to load the workspace’s API keys. Please try again.';
const REVOKE_FAILED = 'Failed to revoke the API key. Please try again.';

/**
 * The chosen workspace's keys (docs/developer-api.md#workspace-keys-and-scopes): each with its
 * scopes, creator and last use; a form for a new one; revoking behind a confirmation. The server
 * decides who may revoke which key, and says so when it refuses.
 */
export function WorkspaceKeysCard({ workspaceId }: { workspaceId: number }) {
  const key = workspaceKeysQuery(workspaceId);
  const { data, loading, error, refetch } = useQuery(key, () => workspaceKeysApi.list(workspaceId));
  const [revoking, setRevoking] = useState<WorkspaceApiKey | null>(null);
  const [status, setStatus] = useState<ActionStatus | null>(null);

  const revoke = async (target: WorkspaceApiKey) => {
    setStatus(null);
    try {
      setStatus({ text: (await workspaceKeysApi.revoke(workspaceId, target.id)).message, tone: 'success' });
      await invalidate(key);
    } catch (failure) {
      setStatus({ text: errorText(failure, REVOKE_FAILED), tone: 'error' });
    }
  };

  return (
    <section className="card workspace-keys" aria-labelledby="workspace-keys-title" aria-busy={loading}>
      <CardHead
        block="api-key-card"
        id="workspace-keys-title"
        icon={<KeyIcon />}
        title="Workspace API keys"
        subtitle="Keys of the workspace chosen in the sidebar, each allowed only its scopes. A key is shown once, when it is created."
      />
      {error ? <LoadFailedBanner text={LOAD_FAILED} onRetry={() => void refetch()} /> : null}
      <ActionStatusLine status={status} />
      <ListTable
        className="table workspace-keys__table"
        caption="Workspace API keys"
        columns={COLUMNS}
        testId="workspace-keys"
        empty={data && data.keys.length === 0 ? { text: 'No keys yet.', className: 'workspace-keys__empty' } : null}
      >
        {(data?.keys ?? []).map((each) => (
          <tr key={each.id}>
            <td>
              <span className="workspace-keys__name">{each.name}</span>
              <span className="workspace-keys__hint">…{each.last_four}</span>
            </td>
            <td data-label="Scopes">
              <CodeList label="Scopes" items={each.scopes} />
            </td>
            <td data-label="Created by">{each.created_by.name}</td>
            <td data-label="Created">{createdLabel(each.created_at)}</td>
            <td data-label="Last used">{each.last_used_at ? momentLabel(each.last_used_at) : 'Never'}</td>
            <td>
              <button type="button" className="button button--secondary button--sm" onClick={() => setRevoking(each)}>
                Revoke<span className="visually-hidden"> {each.name}</span>
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      {data ? (
        <NewWorkspaceKeyForm
          workspaceId={workspaceId}
          grantable={data.grantable_scopes}
          advancedApi={data.advanced_api}
          roomForAnother={data.room_for_another}
        />
      ) : null}
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke API key?"
        message="The key stops working at once: anything still using it gets 401 Unauthorized."
        itemName={revoking?.name ?? ''}
        confirmLabel="Revoke"
        onConfirm={() => (revoking ? revoke(revoking) : undefined)}
        onClose={() => setRevoking(null)}
      />
    </section>
  );
}
