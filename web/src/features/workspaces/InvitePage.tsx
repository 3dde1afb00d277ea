import './workspaces.css';
import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { ApiError, errorText } from '../../api/client.ts';
import { momentLabel } from '../../format/dates.ts';
import { useSession } from '../auth/index.ts';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { ActionStatusLine } from './ActionStatusLine.tsx';
import { useWorkspaceAction } from './use-workspace-action.ts';
import { ROLE_LABELS } from './workspace-rules.ts';
import { enterWorkspace, workspacesApi, type InvitePreview } from './workspaces-api.ts';

/**
 * /invite/:token, the link an invite mail carries (docs/workspaces.md#screens): first what the
 * invite offers (the workspace, who invited, the role, until when), then, signed in, accept or
 * decline; signed out, sign in or register first and come back here. A link that can no longer be
 * answered says why, in the server's words, and offers no answer.
 */
export default function InvitePage() {
  const { token = '' } = useParams();
  const signedIn = useSession((s) => s.status === 'signed-in');
  const preview = useInvitePreview(token);
  const dead = preview.error instanceof ApiError && preview.error.status === 404;
  return (
    <div className="invite-page stack gap-4">
      <PageHeader title="Workspace invite" subtitle="Someone invited your e-mail address to work with them on Linkledger." />
      {preview.data ? <Offer offer={preview.data} /> : null}
      {preview.error !== undefined && !preview.data ? (
        <p className="status-message tone-error" role="alert" data-testid="invite-preview-error">
          {errorText(preview.error, 'Failed to read the invite. You can still answer it below.')}
        </p>
      ) : null}
      {!preview.data && preview.error === undefined ? <p className="invite-page__loading">Reading the invite…</p> : null}
      {dead ? (
        <div className="cluster">
          <Link className="button button--secondary" to="/">
            Go to Linkledger
          </Link>
        </div>
      ) : signedIn ? (
        <Answer token={token} />
      ) : (
        <SignInFirst />
      )}
    </div>
  );
}

/**
 * What the invite offers, read once when the screen opens: not through the shared cache, whose
 * refresh after an answer (joining chooses the workspace) would read the now used link again and
 * replace the answer's outcome with "already used".
 */
function useInvitePreview(token: string): { data?: InvitePreview; error?: unknown } {
  const [read, setRead] = useState<{ token: string; data?: InvitePreview; error?: unknown } | null>(null);
  useEffect(() => {
    let current = true;
    workspacesApi.preview(token).then(
      (data) => current && setRead({ token, data }),
      (error: unknown) => current && setRead({ token, error }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return read?.token === token ? read : {};
}

/** What the invite offers, as the server read it; every name is shown as text. */
function Offer({ offer }: { offer: InvitePreview }) {
  return (
    <TitledCard titleId="invite-offer-title" title={`Join ${offer.workspace.name}`}>
      <dl className="invite-offer" data-testid="invite-offer">
        <div>
          <dt>Workspace</dt>
          <dd>
            {offer.workspace.name}
            {offer.workspace.personal ? ' (personal)' : ''}
          </dd>
        </div>
        <div>
          <dt>Invited by</dt>
          <dd>{offer.inviter}</dd>
        </div>
        <div>
          <dt>Your role</dt>
          <dd>{ROLE_LABELS[offer.role]}</dd>
        </div>
        <div>
          <dt>Sent to</dt>
          <dd>{offer.email_masked}</dd>
        </div>
        <div>
          <dt>Expires</dt>
          <dd>
            <time dateTime={offer.expires_at}>{momentLabel(offer.expires_at)}</time>
          </dd>
        </div>
      </dl>
    </TitledCard>
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
