import { useState } from 'react';
import { Link } from 'react-router';
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
import { ROLE_LABELS, grantableRoles, invitesNeedUpgrade, managesMember, managesMembers } from './workspace-rules.ts';
import { PRICING_HREF, useSubscription } from '../billing/index.ts';
import { membersQuery, messageOf, workspacesApi, type Workspace, type WorkspaceRole } from './workspaces-api.ts';

const COLUMNS = ['Address', 'Role', 'Expires', { label: 'Actions', hidden: true }] as const;

/** Pending invites (addresses masked), inviting an address with a role, and revoking — for owners and admins. */
export function InvitesCard({ workspace }: { workspace: Workspace }) {
  const key = membersQuery(workspace.id);
  const { data } = useQuery(key, () => workspacesApi.members(workspace.id));
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WorkspaceRole>('member');
  const { status, busy, run } = useWorkspaceAction('Failed to update the invites. Please try again.');
  const { subscription } = useSubscription();
  if (!managesMembers(workspace.role)) return null;
  // The server refuses invites without team collaboration; the form is not offered to fail (docs/workspaces.md#team-collaboration).
  const upgradeFirst = invitesNeedUpgrade(subscription);
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
        {upgradeFirst ? (
          <div className="banner banner--info" data-testid="invites-need-upgrade">
            <div className="banner__body">
              <p className="banner__title">Inviting needs team collaboration</p>
              <p>
                This workspace’s {subscription?.plan.display_name ?? 'current'} plan does not include team collaboration, so it cannot invite members. Upgrade
                the workspace to Pro or Enterprise to invite your team.
              </p>
              <Link className="button button--primary button--sm" to={PRICING_HREF}>
                View plans
              </Link>
            </div>
          </div>
        ) : (
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
        )}
        {upgradeFirst ? null : (
          <p className="workspace-settings__facts">The invite is mailed with a link that works once, for 7 days, for that address only.</p>
        )}
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
