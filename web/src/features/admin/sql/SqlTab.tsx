import './SqlTab.css';
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { errorText } from '../../../api/client.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import { countLabel } from '../../../format/numbers.ts';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { CopyButton } from '../../../ui/CopyButton.tsx';
import { saveBlob } from '../../../ui/save-blob.ts';
import { InputField } from '../../../ui/Field.tsx';
import { RetryMessage, StatusMessage } from '../StatusMessage.tsx';
import { cellText, queryParameters, sqlApi, type ExportFormat, type Issued, type SqlResult } from './sql-api.ts';
import { ANALYSTS_QUERY, SAVED_SQL_QUERY } from '../admin-queries.ts';
import { TitledCard } from '../../../ui/TitledCard.tsx';

const FIRST_QUERY = 'SELECT country, count() AS clicks\nFROM clicks\nWHERE is_bot = 0\nGROUP BY country\nORDER BY clicks DESC';
const DOWNLOADS: { format: ExportFormat; label: string; extension: string }[] = [
  { format: 'CSVWithNames', label: 'Download CSV', extension: 'csv' },
  { format: 'Parquet', label: 'Download Parquet', extension: 'parquet' },
];

/** SQL (docs/analysts.md#the-admin-console): read-only queries over the analysts' schema, and analysts' credentials. */
export function SqlTab() {
  return (
    <div className="admin__section">
      <SqlConsole />
      <AnalystCredentials />
    </div>
  );
}

function SqlConsole() {
  const id = useId();
  const saved = useQuery(SAVED_SQL_QUERY, sqlApi.saved);
  const [sql, setSql] = useState(FIRST_QUERY);
  const [values, setValues] = useState<Record<string, string>>({});
  const [result, setResult] = useState<SqlResult | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [saveName, setSaveName] = useState('');
  const parameters = queryParameters(sql);
  const params = Object.fromEntries(parameters.map(({ name }) => [name, values[name] ?? '']));

  const act = async (action: () => Promise<void>, fallback: string) => {
    if (busy) return;
    setBusy(true);
    setMessage(null);
    try {
      await action();
    } catch (error) {
      setMessage(errorText(error, fallback));
    } finally {
      setBusy(false);
    }
  };
  const run = () =>
    act(async () => {
      setResult(null);
      setResult(await sqlApi.run(sql, params));
    }, 'The query failed');
  const download = (format: ExportFormat, extension: string) =>
    act(async () => saveBlob(await sqlApi.download(sql, params, format), `query.${extension}`), 'The download failed');
  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    void act(async () => {
      await sqlApi.save(saveName, sql);
      setSaveName('');
      setMessage('Query saved successfully');
      await invalidate(SAVED_SQL_QUERY);
    }, 'The query could not be saved');
  };
  const keys = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void run();
    }
  };

  return (
    <TitledCard className="admin__card" titleId={`${id}-title`} title="SQL console">
      <p className="card__subtitle">
        Read-only ClickHouse SQL over the analysts’ tables: clicks, clicks_daily, links and owners. Each query is recorded in the history. Ctrl+Enter (⌘+Enter)
        runs it.
      </p>
      <div className="sql__library">
        <QueryList
          title="Starter queries"
          items={saved.data?.starters.map((starter) => ({ key: starter.name, name: starter.name, sql: starter.sql })) ?? []}
          onPick={setSql}
        />
        <QueryList
          title="Saved queries"
          items={saved.data?.queries.map((query) => ({ key: query.id, name: query.name, sql: query.sql, id: query.id })) ?? []}
          empty="None yet: write a query and save it below."
          onPick={setSql}
          onDeleted={() => void invalidate(SAVED_SQL_QUERY)}
        />
      </div>
      {saved.error !== undefined && !saved.data ? (
        <RetryMessage text={errorText(saved.error, 'Failed to load saved queries')} onRetry={() => void saved.refetch()} />
      ) : null}
      <label className="field__label" htmlFor={`${id}-sql`}>
        SQL query
      </label>
      <textarea
        id={`${id}-sql`}
        className="textarea sql__editor"
        value={sql}
        onChange={(event) => setSql(event.target.value)}
        onKeyDown={keys}
        spellCheck={false}
        rows={8}
      />
      {parameters.length ? (
        <fieldset className="sql__params">
          <legend className="field__label">Parameters</legend>
          {parameters.map(({ name, type }) => (
            <InputField
              key={name}
              id={`${id}-param-${name}`}
              label={`${name} (${type})`}
              value={values[name] ?? ''}
              onChange={(event) => setValues({ ...values, [name]: event.target.value })}
              spellCheck={false}
            />
          ))}
        </fieldset>
      ) : null}
      <div className="admin__toolbar cluster cluster--bottom gap-3">
        <button type="button" className="button button--primary" onClick={() => void run()} disabled={busy}>
          {busy ? 'Running…' : 'Run'}
        </button>
        {DOWNLOADS.map(({ format, label, extension }) => (
          <button key={format} type="button" className="button button--secondary" onClick={() => void download(format, extension)} disabled={busy}>
            {label}
          </button>
        ))}
        <form className="sql__save cluster cluster--bottom" onSubmit={save}>
          <InputField
            id={`${id}-save-name`}
            label="Save as"
            value={saveName}
            onChange={(event) => setSaveName(event.target.value)}
            required
            maxLength={200}
            placeholder="Query name"
          />
          <button type="submit" className="button button--secondary" disabled={busy}>
            Save
          </button>
        </form>
      </div>
      <StatusMessage text={message} />
      {result ? <ResultTable result={result} /> : null}
    </TitledCard>
  );
}

function QueryList({
  title,
  items,
  empty,
  onPick,
  onDeleted,
}: {
  title: string;
  items: { key: string; name: string; sql: string; id?: string }[];
  empty?: string;
  onPick(sql: string): void;
  onDeleted?(): void;
}) {
  const [deleting, setDeleting] = useState<{ id: string; name: string } | null>(null);
  return (
    <div className="sql__list">
      <h3 className="sql__list-title">{title}</h3>
      {items.length === 0 && empty ? <p className="admin__count">{empty}</p> : null}
      <ul className="sql__items">
        {items.map((item) => (
          <li key={item.key} className="sql__item cluster cluster--between">
            <button type="button" className="button button--ghost button--sm sql__pick" onClick={() => onPick(item.sql)} title={item.sql}>
              {item.name}
            </button>
            {item.id ? (
              <button
                type="button"
                className="button button--ghost button--sm"
                aria-label={`Delete saved query ${item.name}`}
                onClick={() => setDeleting({ id: item.id!, name: item.name })}
              >
                Delete
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete saved query"
        message="This saved query will be deleted."
        itemName={deleting?.name}
        onConfirm={async () => {
          await sqlApi.deleteSaved(deleting!.id);
          onDeleted?.();
        }}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

function ResultTable({ result }: { result: SqlResult }) {
  const rows = result.rows.length;
  const count = (n: number, noun: string) => `${countLabel(n)} ${n === 1 ? noun : `${noun}s`}`;
  return (
    <div className="sql__result">
      <p className="admin__count" role="status">
        {count(rows, 'row')}
        {result.truncated ? ' shown (the first ones; download for all)' : ''} · {countLabel(result.elapsed_ms)} ms · {count(result.rows_read, 'row')} read
      </p>
      <div className="table-wrap sql__table-wrap">
        <table className="table sql__table">
          <thead>
            <tr>
              {result.columns.map((column, index) => (
                <th key={index} scope="col">
                  {column.name}
                  <span className="sql__type">{column.type}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {result.rows.map((row, index) => (
              <tr key={index}>
                {row.map((value, cell) => (
                  <td key={cell}>{cellText(value)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function AnalystCredentials() {
  const id = useId();
  const analysts = useQuery(ANALYSTS_QUERY, sqlApi.analysts);
  const [name, setName] = useState('');
  const [issued, setIssued] = useState<Issued | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [revoking, setRevoking] = useState<{ id: string; name: string } | null>(null);
  const issue = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!event.currentTarget.reportValidity()) return;
    setMessage(null);
    try {
      setIssued(await sqlApi.issue(name));
      setName('');
      await invalidate(ANALYSTS_QUERY);
    } catch (error) {
      setMessage(errorText(error, 'The credential could not be issued'));
    }
  };
  const endpoint = analysts.data
    ? analysts.data.port === null
      ? 'Not served: set ANALYST_PORT to open it.'
      : `Port ${analysts.data.port}, database ${analysts.data.database}.`
    : '';
  return (
    <TitledCard className="admin__card" titleId={`${id}-title`} title="Analysts’ credentials">
      <p className="card__subtitle">Analysts connect ClickHouse clients and tools to the analysts’ endpoint with these. {endpoint}</p>
      {analysts.error !== undefined && !analysts.data ? (
        <RetryMessage text={errorText(analysts.error, 'Failed to load credentials')} onRetry={() => void analysts.refetch()} />
      ) : null}
      <ul className="sql__items">
        {analysts.data?.analysts.map((analyst) => (
          <li key={analyst.id} className="sql__item cluster cluster--between">
            <span>
              <strong>{analyst.name}</strong> <span className="admin__count">since {analyst.created_at.slice(0, 10)}</span>
            </span>
            <button type="button" className="button button--danger button--sm" onClick={() => setRevoking({ id: analyst.id, name: analyst.name })}>
              Revoke
            </button>
          </li>
        ))}
      </ul>
      <form className="sql__save cluster cluster--bottom" onSubmit={(event) => void issue(event)}>
        <InputField
          id={`${id}-name`}
          label="Analyst name"
          hint="Their ClickHouse user name: letters, digits, _ . -"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
          pattern="[A-Za-z][A-Za-z0-9_.\-]{0,63}"
        />
        <button type="submit" className="button button--primary">
          Issue credential
        </button>
      </form>
      {issued ? (
        <div className="sql__issued cluster cluster--center" role="status">
          <p>
            Password for <strong>{issued.name}</strong>, shown this once:
          </p>
          <code className="sql__password">{issued.password}</code>
          <CopyButton text={() => issued.password} label="Copy password" size="sm" />
        </div>
      ) : null}
      <StatusMessage text={message} />
      <ConfirmDialog
        open={revoking !== null}
        title="Revoke credential"
        message="Queries with this credential will be refused from now on."
        itemName={revoking?.name}
        confirmLabel="Revoke"
        onConfirm={async () => {
          try {
            await sqlApi.revoke(revoking!.id);
            setIssued(null);
          } catch (error) {
            setMessage(errorText(error, 'The credential could not be revoked'));
          }
          await invalidate(ANALYSTS_QUERY);
        }}
        onClose={() => setRevoking(null)}
      />
    </TitledCard>
  );
}
