import './bulk-create.css';
import { useState, type ChangeEvent } from 'react';
import { errorText } from '../../../api/client.ts';
import { linksApi } from '../../../api/endpoints.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { saveBlob } from '../../../ui/save-blob.ts';
import { CsvFileProblem, readCsvFile, type CsvTable } from './bulk-csv.ts';
import { BULK_FIELDS, guessMapping, type BulkField, type ColumnMapping } from './bulk-fields.ts';
import { previewRows, resultCsv, resultRows, rowsToSend, type PreviewRow, type ResultRow } from './bulk-rows.ts';
import { BulkPreviewTable, BulkResultTable } from './BulkTables.tsx';

type Step =
  | { kind: 'upload'; problem: string | null }
  | { kind: 'map'; file: CsvTable; mapping: ColumnMapping }
  | { kind: 'preview'; file: CsvTable; mapping: ColumnMapping; rows: PreviewRow[]; problem: string | null }
  | { kind: 'creating'; count: number }
  | { kind: 'result'; rows: ResultRow[] };

const CREATE_FAILED = 'The links could not be created. Please try again.';

/** Bulk create (docs/links.md#bulk-create): a CSV file, its columns matched to the link's fields, a preview, then the result and its file. */
export function BulkCreateDialog({ open, onClose, onCreated }: { open: boolean; onClose(): void; onCreated(): void }) {
  const [step, setStep] = useState<Step>({ kind: 'upload', problem: null });
  const close = () => {
    if (step.kind === 'creating') return;
    setStep({ kind: 'upload', problem: null });
    onClose();
  };

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return;
    try {
      const file = await readCsvFile(chosen);
      setStep({ kind: 'map', file, mapping: guessMapping(file.headers) });
    } catch (error) {
      setStep({ kind: 'upload', problem: error instanceof CsvFileProblem ? error.message : 'This file could not be read. Choose a CSV file.' });
    }
  };

  const create = async (rows: PreviewRow[], back: Extract<Step, { kind: 'preview' }>) => {
    const sending = rowsToSend(rows);
    setStep({ kind: 'creating', count: sending.length });
    try {
      const answer = await linksApi.bulkCreate(sending.map((row) => row.item));
      setStep({ kind: 'result', rows: resultRows(rows, answer) });
      if (answer.created > 0) onCreated();
    } catch (error) {
      setStep({ ...back, problem: errorText(error, CREATE_FAILED) });
    }
  };

  return (
    <Modal title="Bulk create" open={open} onClose={close} size="lg" footer={footerOf(step, { setStep, create, close })}>
      <div className="bulk-create" data-testid="bulk-create">
        <ol className="bulk-create__steps" aria-label="Steps">
          {(['Upload', 'Columns', 'Preview', 'Result'] as const).map((name, index) => (
            <li key={name} aria-current={stepIndex(step) === index ? 'step' : undefined}>
              {name}
            </li>
          ))}
        </ol>
        {step.kind === 'upload' ? (
          <div className="stack gap-3">
            <p>
              Choose a CSV file with a header row and one link per row (up to 1,000). The next step matches its columns to the link’s fields: destination,
              title, description, short code, tags, folder and UTM parameters.
            </p>
            <label className="field">
              <span className="field__label">CSV file</span>
              <input type="file" accept=".csv,.tsv,.txt,text/csv" onChange={(event) => void choose(event)} data-testid="bulk-file" />
            </label>
            {step.problem ? (
              <p className="status-message tone-error" role="alert">
                {step.problem}
              </p>
            ) : null}
          </div>
        ) : null}
        {step.kind === 'map' ? <MappingStep file={step.file} mapping={step.mapping} onChange={(mapping) => setStep({ ...step, mapping })} /> : null}
        {step.kind === 'preview' ? (
          <div className="stack gap-3">
            <PreviewSummary rows={step.rows} />
            <FailingRows rows={step.rows} />
            {step.problem ? (
              <p className="status-message tone-error" role="alert">
                {step.problem}
              </p>
            ) : null}
            <BulkPreviewTable rows={step.rows} />
          </div>
        ) : null}
        {step.kind === 'creating' ? (
          <p className="cluster gap-3" role="status">
            <Spinner size="sm" /> Creating {step.count} {step.count === 1 ? 'link' : 'links'}…
          </p>
        ) : null}
        {step.kind === 'result' ? (
          <div className="stack gap-3">
            <ResultSummary rows={step.rows} />
            <BulkResultTable rows={step.rows} />
          </div>
        ) : null}
      </div>
    </Modal>
  );
}

function stepIndex(step: Step): number {
  return { upload: 0, map: 1, preview: 2, creating: 3, result: 3 }[step.kind];
}

function footerOf(
  step: Step,
  actions: { setStep(step: Step): void; create(rows: PreviewRow[], back: Extract<Step, { kind: 'preview' }>): Promise<void>; close(): void },
) {
  if (step.kind === 'map') {
    const ready = step.mapping.original_url !== null;
    return (
      <>
        <button type="button" className="button button--secondary" onClick={() => actions.setStep({ kind: 'upload', problem: null })}>
          Back
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!ready}
          onClick={() =>
            actions.setStep({ kind: 'preview', file: step.file, mapping: step.mapping, rows: previewRows(step.file.rows, step.mapping), problem: null })
          }
        >
          Preview {step.file.rows.length} {step.file.rows.length === 1 ? 'row' : 'rows'}
        </button>
      </>
    );
  }
  if (step.kind === 'preview') {
    const count = rowsToSend(step.rows).length;
    return (
      <>
        <button type="button" className="button button--secondary" onClick={() => actions.setStep({ kind: 'map', file: step.file, mapping: step.mapping })}>
          Back
        </button>
        <button type="button" className="button button--primary" disabled={count === 0} onClick={() => void actions.create(step.rows, step)}>
          Create {count} {count === 1 ? 'link' : 'links'}
        </button>
      </>
    );
  }
  if (step.kind === 'result') {
    return (
      <>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => saveBlob(new Blob([resultCsv(step.rows)], { type: 'text/csv;charset=utf-8' }), 'bulk_create_result.csv')}
        >
          Download result
        </button>
        <button type="button" className="button button--primary" onClick={actions.close}>
          Done
        </button>
      </>
    );
  }
  return null;
}

/** Each field with the column that fills it (guessed from the headers, changeable) and the first row's value as a sample. */
function MappingStep({ file, mapping, onChange }: { file: CsvTable; mapping: ColumnMapping; onChange(mapping: ColumnMapping): void }) {
  const sample = file.rows[0] ?? [];
  const set = (field: BulkField, value: string) => onChange({ ...mapping, [field]: value === '' ? null : Number(value) });
  return (
    <div className="stack gap-3">
      <p>
        Match each field to a column of your file ({file.rows.length} {file.rows.length === 1 ? 'row' : 'rows'}). Destination URL is required; tags in one cell
        are separated by commas or |.
      </p>
      <div className="bulk-create__mapping" data-testid="bulk-mapping">
        {BULK_FIELDS.map((field) => {
          const column = mapping[field.key];
          const id = `bulk-column-${field.key}`;
          return (
            <div key={field.key} className="bulk-create__mapping-row">
              <label htmlFor={id} className="field__label">
                {field.label}
                {'required' in field ? ' *' : ''}
              </label>
              <select id={id} className="select" value={column ?? ''} onChange={(event) => set(field.key, event.target.value)}>
                <option value="">Not used</option>
                {file.headers.map((header, index) => (
                  <option key={index} value={index}>
                    {header}
                  </option>
                ))}
              </select>
              <span className="bulk-create__sample" title={column === null ? undefined : sample[column]}>
                {column === null ? '' : (sample[column] ?? '')}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}

function PreviewSummary({ rows }: { rows: readonly PreviewRow[] }) {
  const failing = rows.filter((row) => row.problem !== null).length;
  const ready = rows.length - failing;
  return (
    <p className={`status-message ${failing ? 'tone-warning' : 'tone-success'}`} data-testid="bulk-preview-summary">
      {ready} {ready === 1 ? 'row is' : 'rows are'} ready to create.{' '}
      {failing ? `${failing} ${failing === 1 ? 'row' : 'rows'} will fail and will not be sent: see why below.` : ''}
    </p>
  );
}

/** The rows that will fail, each with why, above the whole table: found without scrolling through it. */
function FailingRows({ rows }: { rows: readonly PreviewRow[] }) {
  const failing = rows.filter((row) => row.problem !== null);
  if (failing.length === 0) return null;
  return (
    <ul className="bulk-create__failing" aria-label="Rows that will fail" data-testid="bulk-preview-failing" tabIndex={0}>
      {failing.map((row) => (
        <li key={row.row}>
          Row {row.row}: <span className="bulk-create__problem">{row.problem}</span>
        </li>
      ))}
    </ul>
  );
}

function ResultSummary({ rows }: { rows: readonly ResultRow[] }) {
  const created = rows.filter((row) => row.created).length;
  const failed = rows.length - created;
  return (
    <p className={`status-message ${failed ? 'tone-warning' : 'tone-success'}`} role="status" data-testid="bulk-result-summary">
      Created {created} {created === 1 ? 'link' : 'links'}
      {failed ? `; ${failed} ${failed === 1 ? 'row' : 'rows'} failed` : ''}. Download the result for every row’s short URL or error.
    </p>
  );
}
