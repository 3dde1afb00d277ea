import { useEffect, useState, type FormEvent } from 'react';
import type { ImportJobDetails, ImportJobResponse, ImportSourceName } from '@linkledger/contracts';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { BusySubmitButton } from '../../ui/BusySubmitButton.tsx';
import { InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { importsApi } from './imports-api.ts';
import { OUTCOME_LABELS, SOURCE_FORMS } from './import-sources.ts';
import './imports.css';

/** The largest CSV file the server takes (docs/import.md#limits); checked here only to say so before uploading. */
const FILE_MAX_BYTES = 5 * 1024 * 1024;
/** How often a running job's progress is read again. */
const POLL_MS = 2000;

/**
 * The Import screen (docs/import.md): pick a source, start a job, follow its progress, read
 * each row's outcome and download the result file; resume or cancel a job that stopped.
 */
export default function ImportPage() {
  const [chosen, setChosen] = useState<number | null>(null);
  const jobs = useQuery(['imports'], importsApi.list);
  const latest = chosen ?? jobs.data?.imports[0]?.id ?? null;
  return (
    <div className="imports stack">
      <PageHeader title="Import links" subtitle="Bring your links from Bitly, Shlink, YOURLS, Kutt or a CSV file" />
      <StartImportCard onStarted={(job) => setChosen(job.id)} />
      {latest !== null && <JobCard id={latest} />}
      {jobs.data && jobs.data.imports.length > 1 && (
        <TitledCard titleId="earlier-imports" title="Earlier imports">
          <ul className="imports__earlier">
            {jobs.data.imports.map((job) => (
              <li key={job.id}>
                <button type="button" className="button button--ghost button--sm" onClick={() => setChosen(job.id)} aria-pressed={job.id === latest}>
                  Import {job.id} · {SOURCE_FORMS.find((source) => source.value === job.source)?.label} · {job.status}
                </button>
              </li>
            ))}
          </ul>
        </TitledCard>
      )}
    </div>
  );
}

function StartImportCard({ onStarted }: { onStarted(job: ImportJobResponse): void }) {
  const [source, setSource] = useState<ImportSourceName>('csv');
  const [url, setUrl] = useState('');
  const [credential, setCredential] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [tag, setTag] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = SOURCE_FORMS.find((candidate) => candidate.value === source)!;

  const start = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (source === 'csv' && !file) return setError('Choose the CSV file to import.');
    if (file && file.size > FILE_MAX_BYTES) return setError('The file is larger than 5 MB.');
    setBusy(true);
    try {
      const job = await importsApi.start({
        source,
        ...(form.url ? { url } : {}),
        ...(form.credential ? { credential } : {}),
        ...(source === 'csv' && file ? { file: await file.text() } : {}),
        ...(tag.trim() ? { tag: tag.trim() } : {}),
      });
      setCredential('');
      await invalidate(['imports']);
      onStarted(job);
    } catch (failure) {
      setError(errorText(failure, 'The import could not be started. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledCard titleId="new-import" title="New import">
      <form className="imports__form" onSubmit={(event) => void start(event)}>
        <SelectField id="import-source" label="Import from" value={source} options={SOURCE_FORMS} onChange={setSource} />
        {form.url && <InputField id="import-url" label={form.url} type="url" value={url} onValue={setUrl} placeholder="https://" {...VERBATIM_INPUT} />}
        {form.credential && (
          <InputField
            id="import-credential"
            label={form.credential}
            type="password"
            value={credential}
            onValue={setCredential}
            hint="Kept encrypted and used only by this import."
            {...VERBATIM_INPUT}
          />
        )}
        {source === 'csv' && (
          <InputField
            id="import-file"
            label="CSV file"
            type="file"
            accept=".csv,text/csv"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
            hint="Columns: url (required), code, title, tags (separated by ;), created_at. At most 5 MB."
          />
        )}
        <InputField id="import-tag" label="Tag every imported link (optional)" value={tag} onValue={setTag} maxLength={50} />
        {error && (
          <p className="imports__error" role="alert">
            {error}
          </p>
        )}
        <div className="cluster cluster--end">
          <BusySubmitButton busy={busy} label="Start import" busyLabel="Starting…" />
        </div>
      </form>
    </TitledCard>
  );
}

function JobCard({ id }: { id: number }) {
  const job = useQuery(['imports', id], () => importsApi.get(id));
  const [error, setError] = useState<string | null>(null);
  const running = job.data?.status === 'running';
  const { refetch } = job;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void refetch(), POLL_MS);
    return () => clearInterval(timer);
  }, [running, refetch]);
  if (!job.data) return null;
  const data = job.data;

  const act = async (action: 'resume' | 'cancel') => {
    setError(null);
    try {
      await importsApi.act(id, action);
      await invalidate(['imports']);
    } catch (failure) {
      setError(errorText(failure, 'That did not work. Please try again.'));
    }
  };

  return (
    <TitledCard titleId="import-progress" title={`Import ${data.id}`} data-testid="import-job" data-status={data.status}>
      <Progress job={data} />
      {data.failure && (
        <p className="imports__failure" role="status">
          {data.failure.reason}
        </p>
      )}
      {error && (
        <p className="imports__error" role="alert">
          {error}
        </p>
      )}
      <div className="cluster">
        {data.status === 'failed' && data.failure?.resumable && (
          <button type="button" className="button button--primary button--sm" onClick={() => void act('resume')}>
            Resume
          </button>
        )}
        {(data.status === 'running' || data.status === 'failed') && (
          <button type="button" className="button button--secondary button--sm" onClick={() => void act('cancel')}>
            Cancel import
          </button>
        )}
        {data.outcomes.length > 0 && (
          <button
            type="button"
            className="button button--secondary button--sm"
            onClick={() => void importsApi.result(id).then((blob) => saveBlob(blob, `import_${id}_result.csv`))}
          >
            Download result file
          </button>
        )}
      </div>
      <Outcomes job={data} />
    </TitledCard>
  );
}

function Progress({ job }: { job: ImportJobDetails }) {
  const status = { running: 'Importing…', finished: 'Finished', failed: 'Stopped', cancelled: 'Cancelled' }[job.status];
  return (
    <div className="imports__progress">
      <p>
        <strong>{status}</strong> · {job.rows_done.toLocaleString('en-US')}
        {job.total !== null ? ` of ${job.total.toLocaleString('en-US')}` : ''} links
      </p>
      {job.total ? <progress max={job.total} value={job.rows_done} aria-label="Links imported" /> : null}
      <dl className="imports__counts">
        {(Object.keys(OUTCOME_LABELS) as (keyof typeof OUTCOME_LABELS)[]).map((outcome) => (
          <div key={outcome} data-outcome={outcome}>
            <dt>{OUTCOME_LABELS[outcome]}</dt>
            <dd>{job.counts[outcome].toLocaleString('en-US')}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The rows shown on screen at most; the result file has them all. */
const ROWS_SHOWN = 50;

function Outcomes({ job }: { job: ImportJobDetails }) {
  const rows = job.outcomes.slice(0, ROWS_SHOWN);
  return (
    <>
      {job.outcomes.length > ROWS_SHOWN && (
        <p className="imports__more">
          The first {ROWS_SHOWN} rows of {job.outcomes.length.toLocaleString('en-US')}: the result file has every row.
        </p>
      )}
      <ListTable
        className="table imports__table"
        caption="Each row’s outcome"
        columns={['Row', 'Old short URL', 'New short URL', 'Outcome', 'Reason']}
        empty={rows.length ? null : { text: 'No rows yet.', className: 'imports__empty' }}
        testId="import-outcomes"
      >
        {rows.map((row) => (
          <tr key={row.row} data-outcome={row.outcome}>
            <td>{row.row}</td>
            <td className="imports__address">{row.original_short_url}</td>
            <td className="imports__address">{row.short_url}</td>
            <td>{OUTCOME_LABELS[row.outcome]}</td>
            <td>{row.reason}</td>
          </tr>
        ))}
      </ListTable>
    </>
  );
}
