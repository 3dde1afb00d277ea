import './privacy.css';
import { useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, errorText } from '../../../api/client.ts';
import { momentLabel } from '../../../format/dates.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { ConfirmFooter } from '../../../ui/ConfirmModal.tsx';
import { saveBlob } from '../../../ui/save-blob.ts';
import { toast } from '../../../ui/toasts.ts';
import { useSession } from '../../auth/index.ts';
import { exportProgressText, privacyApi, type AccountExport } from './privacy-api.ts';
import { TitledCard } from '../../../ui/TitledCard.tsx';
import { InputField } from '../../../ui/Field.tsx';

const POLL_MS = 1000;

/** Export of everything the account holds, and deleting the account (docs/privacy.md). */
export function YourDataSection() {
  return (
    <>
      <ExportCard />
      <DeleteAccountCard />
    </>
  );
}

function ExportCard() {
  const [job, setJob] = useState<AccountExport | null>(null);
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    privacyApi
      .latestExport()
      .then(setJob)
      .catch((failure: unknown) => {
        if (!(failure instanceof ApiError && failure.status === 404)) setError(errorText(failure, 'Failed to load your export. Please try again.'));
      });
  }, []);

  // A running export is asked about every second until it ends.
  useEffect(() => {
    if (job?.status !== 'running') return;
    const timer = setTimeout(() => {
      privacyApi
        .latestExport()
        .then(setJob)
        .catch((failure: unknown) => setError(errorText(failure, 'Failed to load your export. Please try again.')));
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [job]);

  const start = async () => {
    setBusy(true);
    setError('');
    try {
      setJob(await privacyApi.startExport());
    } catch (failure) {
      setError(errorText(failure, 'Failed to start the export. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const download = async () => {
    if (!job?.download_url) return;
    try {
      saveBlob(await privacyApi.downloadExport(job.download_url), `linkledger-data-${(job.finished_at ?? '').slice(0, 10)}.zip`);
    } catch (failure) {
      setError(errorText(failure, 'Failed to download your export. Please try again.'));
    }
  };

  const running = job?.status === 'running';
  const percent = job && job.clicks_total > 0 ? Math.floor((job.clicks_done / job.clicks_total) * 100) : null;
  return (
    <TitledCard className="stack gap-3 privacy-card" titleId="your-data-title" title="Your data">
      <p className="card__subtitle">
        One zip with your profile, links, the clicks on your links (as CSV), API key details, payments and support tickets. Large accounts take a little while:
        you can leave this page and come back.
      </p>
      {running && (
        <div className="privacy-progress" role="status">
          <span>{exportProgressText(job)}</span>
          {percent !== null && <progress max={100} value={percent} aria-label="Export progress" />}
        </div>
      )}
      {job?.status === 'ready' && job.expires_at && (
        <p className="privacy-ready" role="status">
          Your export is ready. It can be downloaded until {momentLabel(job.expires_at)}.
        </p>
      )}
      {job?.status === 'failed' && <p className="field__error">{job.error}</p>}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="cluster privacy-actions">
        {job?.status === 'ready' && (
          <button type="button" className="button button--primary" onClick={() => void download()}>
            Download my data
          </button>
        )}
        <button
          type="button"
          className={`button ${job?.status === 'ready' ? 'button--secondary' : 'button--primary'}`}
          onClick={() => void start()}
          disabled={busy || running}
        >
          {running ? 'Preparing…' : job ? 'Prepare a new export' : 'Export my data'}
        </button>
      </div>
    </TitledCard>
  );
}

function DeleteAccountCard() {
  const [open, setOpen] = useState(false);
  return (
    <TitledCard className="stack gap-3 privacy-card privacy-card--danger" titleId="delete-account-title" title="Delete account">
      <p className="card__subtitle">
        Deleting your account signs you out everywhere and stops your links. Your e-mail address, name, phone number and support messages become unreadable for
        good, even in our history. Click counts stay, with nothing that identifies you. This cannot be undone: export your data first if you want to keep it.
      </p>
      <div className="cluster privacy-actions">
        <button type="button" className="button button--danger" onClick={() => setOpen(true)}>
          Delete my account
        </button>
      </div>
      <DeleteAccountDialog open={open} onClose={() => setOpen(false)} />
    </TitledCard>
  );
}

function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const user = useSession((state) => state.user);
  const clear = useSession((state) => state.clear);
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirmEmail, setConfirmEmail] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);
  const passwordId = useId();
  const emailId = useId();

  const close = useCallback(() => {
    setPassword('');
    setConfirmEmail('');
    setError('');
    onClose();
  }, [onClose]);

  const submit = async () => {
    setBusy(true);
    setError('');
    try {
      const { message } = await privacyApi.deleteAccount(password, confirmEmail);
      toast(message, 'success');
      // The session is gone on the server too: forget it here and leave for the home page.
      clear();
      navigate('/', { replace: true });
    } catch (failure) {
      setError(errorText(failure, 'Failed to delete your account. Please try again.'));
      setBusy(false);
    }
  };

  return (
    <Modal
      title="Delete your account?"
      open={open}
      onClose={close}
      size="sm"
      footer={
        <ConfirmFooter
          onCancel={close}
          busy={busy}
          form="delete-account-form"
          label={busy ? 'Deleting…' : 'Delete my account forever'}
          disabled={busy || password === '' || confirmEmail.trim() === ''}
        />
      }
    >
      <form
        id="delete-account-form"
        className="stack"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>Your links stop working at once and you cannot sign in again. To confirm, enter your password and type your e-mail address.</p>
        <p className="field__hint">Signed up with Google, Facebook or Twitter? Set a password first with “Forgot password” on the sign-in page.</p>
        <InputField id={passwordId} label="Current password" type="password" autoComplete="current-password" value={password} onValue={setPassword} />
        <InputField
          id={emailId}
          label={<>Type {user?.email ?? 'your e-mail address'} to confirm</>}
          type="email"
          autoComplete="off"
          value={confirmEmail}
          onValue={setConfirmEmail}
        />
        {error && (
          <p className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Modal>
  );
}
