import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { createdLabel } from '../../format/dates.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ConfirmModal } from '../../ui/ConfirmModal.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { ActionStatusLine } from './ActionStatusLine.tsx';
import { RowActions } from './RowActions.tsx';
import { useWorkspaceAction } from './use-workspace-action.ts';
import { ROLE_LABELS, grantableRoles, isOwnerOfTeam, managesMemberOf, seatsText } from './workspace-rules.ts';
import { membersQuery, workspacesApi, workspacesChanged, type Member, type Workspace, type WorkspaceRole } from './workspaces-api.ts';

const COLUMNS = ['Member', 'Role', 'Joined', { label: 'Actions', hidden: true }] as const;

/** What is being asked before it is done: removing a member, or handing them the workspace. */
type Asking = { kind: 'remove' | 'transfer'; member: Member } | null;

/** The members with their roles; role changes, removal and transfer as the caller's role allows. */
export function MembersCard({ workspace, me }: { workspace: Workspace; me: number }) {
  const { data, error } = useQuery(membersQuery(workspace.id), () => workspacesApi.members(workspace.id));
  const { status, busy, run } = useWorkspaceAction('Failed to update the member. Please try again.');
  const [asking, setAsking] = useState<Asking>(null);
  // A role change or transfer may change the caller's own role: the switcher and this tab read it.
  const refresh = () => Promise.all([invalidate(membersQuery(workspace.id)), workspacesChanged()]);

  const changeRole = (member: Member, role: WorkspaceRole) =>
    run(async () => (await workspacesApi.changeRole(workspace.id, member.user_id, role)).message, refresh);
  const act = (ask: NonNullable<Asking>) =>
    run(async () => {
      const call = ask.kind === 'remove' ? workspacesApi.removeMember : workspacesApi.transfer;
      return (await call(workspace.id, ask.member.user_id)).message;
    }, refresh);

  return (
    <TitledCard titleId="workspace-members-title" title="Members">
      <div className="stack gap-3">
        {data ? <p className="workspace-settings__facts">{seatsText(data.seats)}</p> : null}
        {error !== undefined && !data ? (
          <p className="status-message tone-error" role="alert">
            {errorText(error, 'Failed to load the members.')}
          </p>
        ) : null}
        <ActionStatusLine status={status} />
        <ListTable className="table" caption="Members of the workspace" columns={COLUMNS} testId="workspace-members">
          {data?.members.map((member) => {
            const manageable = managesMemberOf(workspace, member);
            const name = member.full_name ? `${member.username} (${member.full_name})` : member.username;
            return (
              <tr key={member.user_id}>
                <td>
                  {name}
                  {member.user_id === me ? ' · you' : ''}
                </td>
                <td>
                  {manageable ? (
                    <select
                      className="select workspace-settings__role"
                      aria-label={`Role of ${member.username}`}
                      value={member.role}
                      disabled={busy}
                      onChange={(event) => void changeRole(member, event.target.value as WorkspaceRole)}
                    >
                      {[...new Set([member.role, ...grantableRoles(workspace.role)])].map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  ) : (
                    ROLE_LABELS[member.role]
                  )}
                </td>
                <td>{createdLabel(member.joined_at)}</td>
                <RowActions
                  actions={[
                    {
                      label: 'Make owner',
                      tone: 'secondary',
                      shown: isOwnerOfTeam(workspace) && member.user_id !== me && member.role !== 'owner',
                      onClick: () => setAsking({ kind: 'transfer', member }),
                    },
                    { label: 'Remove', tone: 'danger', shown: manageable && member.user_id !== me, onClick: () => setAsking({ kind: 'remove', member }) },
                  ]}
                />
              </tr>
            );
          })}
        </ListTable>
      </div>
      <ConfirmDialog
        open={asking?.kind === 'remove'}
        title="Remove member"
        message="They lose access to this workspace’s links at once. You can invite them again."
        itemName={asking?.member.username}
        confirmLabel="Remove member"
        onConfirm={() => (asking ? act(asking) : undefined)}
        onClose={() => setAsking(null)}
      />
      <ConfirmModal
        open={asking?.kind === 'transfer'}
        title="Transfer ownership"
        confirmLabel="Transfer ownership"
        onConfirm={() => (asking ? act(asking) : undefined)}
        onClose={() => setAsking(null)}
      >
        <p>
          <strong>{asking?.member.username}</strong> becomes an owner of {workspace.name}, and you become an admin.
        </p>
      </ConfirmModal>
    </TitledCard>
  );
}
