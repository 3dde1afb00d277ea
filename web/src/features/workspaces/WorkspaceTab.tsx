import { useState } from 'react';
import { chooseWorkspace } from '../../api/chosen-workspace.ts';
import { errorText } from '../../api/client.ts';
import { useSession } from '../auth/index.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { InputField } from '../../ui/Field.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { toast } from '../../ui/toasts.ts';
import { MembersCard } from './MembersCard.tsx';
import { InvitesCard } from './InvitesCard.tsx';
import { BrandingCard } from './BrandingCard.tsx';
import { useWorkspaces } from './useWorkspaces.ts';
import { ActionStatusLine } from './ActionStatusLine.tsx';
import { useWorkspaceAction } from './use-workspace-action.ts';
import { ROLE_LABELS, isOwnerOfTeam, isPersonalUser, renamesWorkspace } from './workspace-rules.ts';
import { messageOf, workspacesApi, workspacesChanged, type Workspace } from './workspaces-api.ts';

/** Settings → Workspace: the current workspace's name, members, invites and seats, leaving and deleting it (docs/workspaces.md#screens). */
export function WorkspaceTab() {
  const me = useSession((s) => s.user?.id);
  const { current, error, refetch } = useWorkspaces();
  if (!current || me === undefined) {
    return error !== undefined ? (
      <div className="stack gap-3">
        <p className="status-message tone-error" role="alert">
          {errorText(error, 'Failed to load your workspaces.')}
        </p>
        <button type="button" className="button button--secondary" onClick={() => void refetch()}>
          Retry
        </button>
      </div>
    ) : (
      <p>
        <Spinner size="sm" /> Loading the workspace…
      </p>
    );
  }
  return (
    <div className="stack gap-4" key={current.id}>
      <NameCard workspace={current} me={me} />
      <MembersCard workspace={current} me={me} />
      <InvitesCard workspace={current} />
      <BrandingCard workspace={current} />
      {isPersonalUser(current, me) ? null : <LeaveOrDeleteCard workspace={current} me={me} />}
    </div>
  );
}

function NameCard({ workspace, me }: { workspace: Workspace; me: number }) {
  const [name, setName] = useState(workspace.name);
  const { status, busy, run } = useWorkspaceAction('Failed to rename the workspace. Please try again.');
  const mayRename = renamesWorkspace(workspace.role);
  const kind = isPersonalUser(workspace, me)
    ? 'Your personal workspace'
    : workspace.personal
      ? 'A personal workspace'
      : `Team workspace · slug ${workspace.slug ?? ''}`;
  return (
    <TitledCard titleId="workspace-name-title" title="Workspace">
      <form
        className="stack gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          void run(async () => messageOf(await workspacesApi.rename(workspace.id, name.trim())), workspacesChanged);
        }}
      >
        <p className="workspace-settings__facts">
          {kind} · your role: {ROLE_LABELS[workspace.role]}
        </p>
        <InputField
          id="workspace-settings-name"
          label="Name"
          value={name}
          onValue={setName}
          readOnly={!mayRename}
          required
          maxLength={64}
          hint={mayRename ? 'One line, up to 64 characters.' : 'Owners and admins can rename the workspace.'}
        />
        <ActionStatusLine status={status} />
        {mayRename ? (
          <div className="cluster">
            <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy}>
              {busy ? <Spinner size="sm" /> : null}
              Save name
            </button>
          </div>
        ) : null}
      </form>
    </TitledCard>
  );
}

/** Anyone but a personal workspace's own user leaves (the last owner is refused by the server, which says why); an owner of a team workspace deletes it. */
function LeaveOrDeleteCard({ workspace, me }: { workspace: Workspace; me: number }) {
  const [asking, setAsking] = useState<'leave' | 'delete' | null>(null);
  const { status, run } = useWorkspaceAction('Failed. Please try again.');
  const question =
    asking === 'delete'
      ? {
          title: 'Delete workspace',
          message: 'The workspace, its memberships and its pending invites are deleted for every member.',
          call: () => workspacesApi.remove(workspace.id),
        }
      : {
          title: 'Leave workspace',
          message: 'You will no longer see or change this workspace’s links.',
          call: () => workspacesApi.removeMember(workspace.id, me),
        };
  // Gone from it: the app acts in the personal workspace again.
  const backToPersonal = () => Promise.all([chooseWorkspace(null), workspacesChanged()]);
  // The card goes with the workspace, so the server's answer is a toast.
  const announced = (text: string) => {
    toast(text);
    return text;
  };
  return (
    <TitledCard titleId="workspace-leave-title" title={isOwnerOfTeam(workspace) ? 'Leave or delete' : 'Leave'}>
      <div className="stack gap-3">
        <p>Leaving ends your access to this workspace’s links. {isOwnerOfTeam(workspace) ? 'Deleting it removes it for every member.' : ''}</p>
        <ActionStatusLine status={status} />
        <div className="cluster">
          <button type="button" className="button button--secondary" onClick={() => setAsking('leave')}>
            Leave workspace
          </button>
          {isOwnerOfTeam(workspace) ? (
            <button type="button" className="button button--danger" onClick={() => setAsking('delete')}>
              Delete workspace
            </button>
          ) : null}
        </div>
      </div>
      <ConfirmDialog
        open={asking !== null}
        title={question.title}
        message={question.message}
        itemName={workspace.name}
        confirmLabel={question.title}
        onConfirm={() => run(async () => announced((await question.call()).message), backToPersonal)}
        onClose={() => setAsking(null)}
      />
    </TitledCard>
  );
}
