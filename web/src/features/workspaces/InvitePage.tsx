import './workspaces.css';
import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { useSession } from '../auth/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { ActionStatusLine } from './ActionStatusLine.tsx';
import { useWorkspaceAction } from './use-workspace-action.ts';
import { enterWorkspace, workspacesApi } from './workspaces-api.ts';

/**
 * /invite/:token, the link an invite mail carries (docs/workspaces.md#screens): signed in, accept
 * or decline; signed out, sign in or register first and come back here.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const signedIn = useSession((s) => s.status === 'signed-in');
  return (
    <div className="invite-page stack gap-4">
      <PageHeader title="Workspace invite" subtitle="Someone invited your e-mail address to work with them on Linkledger." />
      {signedIn ? <Answer token={token} /> : <SignInFirst />}
    </div>
  );
}

function SignInFirst() {
  const location = useLocation();
  // The sign-in and registration screens send the user back here once they are signed in.
  const back = { from: location.pathname };
  return (
    <TitledCard titleId="invite-sign-in-title" title="Sign in to answer">
      <div className="stack gap-3">
        <p>Sign in with the address the invite was sent to, or create an account with it. You then come back here to accept or decline.</p>
        <div className="cluster">
          <Link className="button button--primary" to="/login" state={back}>
            Sign in
          </Link>
          <Link className="button button--secondary" to="/register" state={back}>
            Create an account
          </Link>
        </div>
      </div>
    </TitledCard>
  );
}

function Answer({ token }: { token: string }) {
  const email = useSession((s) => s.user?.email);
  const [answered, setAnswered] = useState<'accepted' | 'declined' | null>(null);
  const { status, busy, run } = useWorkspaceAction('Failed to answer the invite. Please try again.');

  const accept = () =>
    run(async () => {
      // Joined: the app now acts in the new workspace.
      const message = await enterWorkspace(await workspacesApi.accept(token));
      setAnswered('accepted');
      return message;
    });
  const decline = () =>
    run(async () => {
      const answer = await workspacesApi.decline(token);
      setAnswered('declined');
      return answer.message;
    });

  return (
    <TitledCard titleId="invite-answer-title" title="Join the workspace?">
      <div className="stack gap-3">
        {answered ? null : <p>You are signed in as {email}. The invite works only for the address it was sent to, once it is verified.</p>}
        <ActionStatusLine status={status} />
        {answered === 'accepted' ? (
          <div className="cluster">
            <Link className="button button--primary" to="/dashboard">
              Go to the workspace’s links
            </Link>
          </div>
        ) : answered === 'declined' ? (
          <div className="cluster">
            <Link className="button button--secondary" to="/dashboard">
              Go to your dashboard
            </Link>
          </div>
        ) : (
          <div className="cluster">
            <button type="button" className="button button--primary" disabled={busy} aria-busy={busy} onClick={() => void accept()}>
              {busy ? <Spinner size="sm" /> : null}
              Accept invite
            </button>
            <button type="button" className="button button--secondary" disabled={busy} onClick={() => void decline()}>
              Decline
            </button>
          </div>
        )}
      </div>
    </TitledCard>
  );
}
