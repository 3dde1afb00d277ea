import { useState } from 'react';
import { invalidate, useQuery } from '../../api/query.ts';
import { createdLabel } from '../../format/dates.ts';
import { InputField } from '../../ui/Field.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { ActionStatusLine } from './ActionStatusLine.tsx';
import { RowActions } from './RowActions.tsx';
import { useWorkspaceAction } from './use-workspace-action.ts';
import { ROLE_LABELS, grantableRoles, managesMember, managesMembers } from './workspace-rules.ts';
import { membersQuery, messageOf, workspacesApi, type Workspace, type WorkspaceRole } from './workspaces-api.ts';

const COLUMNS = ['Address', 'Role', 'Expires', { label: 'Actions', hidden: true }] as const;

/** Pending invites (addresses masked), inviting an address with a role, and revoking — for owners and admins. */
export function InvitesCard({ workspace }: { workspace: Workspace }) {
  const key = membersQuery(workspace.id);
  const { data } = useQuery(key, () => workspacesApi.members(workspace.id));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('member');
  const { status, busy, run } = useWorkspaceAction('Failed to update the invites. Please try again.');
  if (!managesMembers(workspace.role)) return null;
  const roles = grantableRoles(workspace.role).map((value) => ({ value, label: ROLE_LABELS[value] }));
  const invites = data?.invites ?? [];

  const send = () =>
    run(
      async () => {
        const text = messageOf(await workspacesApi.invite(workspace.id, email.trim(), role));
        setEmail('');
        return text;
      },
      () => invalidate(key),
    );

  return (
    <TitledCard titleId="workspace-invites-title" title="Invites">
      <div className="stack gap-3">
        <form
          className="cluster cluster--bottom workspace-settings__invite"
          onSubmit={(event) => {
            event.preventDefault();
            void send();
          }}
        >
          <InputField
            id="workspace-invite-email"
            label="E-mail address"
            type="email"
            value={email}
            onValue={setEmail}
            required
            maxLength={254}
            autoComplete="off"
          />
          <SelectField id="workspace-invite-role" label="Role" value={role} options={roles} onChange={setRole} />
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
            {busy ? <Spinner size="sm" /> : null}
            Send invite
          </button>
        </form>
        <p className="workspace-settings__facts">The invite is mailed with a link that works once, for 7 days, for that address only.</p>
        <ActionStatusLine status={status} />
        <ListTable
          className="table"
          caption="Pending invites"
          columns={COLUMNS}
          testId="workspace-invites"
          empty={data && invites.length === 0 ? { text: 'No pending invites.', className: 'workspace-settings__empty' } : null}
        >
          {invites.map((invite) => (
            <tr key={invite.id}>
              <td>{invite.email_masked}</td>
              <td>{ROLE_LABELS[invite.role]}</td>
              <td>{createdLabel(invite.expires_at)}</td>
              <RowActions
                actions={[
                  {
                    label: 'Revoke',
                    tone: 'secondary',
                    shown: managesMember(workspace.role, invite.role),
                    disabled: busy,
                    onClick: () =>
                      void run(
                        async () => (await workspacesApi.revokeInvite(workspace.id, invite.id)).message,
                        () => invalidate(key),
                      ),
                  },
                ]}
              />
            </tr>
          ))}
        </ListTable>
      </div>
    </TitledCard>
  );
}
