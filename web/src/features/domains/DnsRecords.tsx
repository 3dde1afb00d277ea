import { useCopy } from '../../ui/CopyButton.tsx';
import { CheckIcon, CopyIcon } from '../../ui/icons.tsx';
import type { DnsGuide, Verification } from './domains-api.ts';
import { dnsRows } from './domain-rules.ts';
import { TableHead, type TableColumn } from '../../ui/TableHead.tsx';

const RECORD_COLUMNS: readonly TableColumn[] = ['Type', 'Name', 'Value', 'TTL'];

/** The records to publish at the DNS provider: type, name, value (each copyable), TTL; the CNAME alternative marked. */
export function DnsRecordsTable({ guide, caption }: { guide: DnsGuide; caption: string }) {
  const rows = dnsRows(guide);
  return (
    <div className="stack gap-2 dns-records">
      <table className="table dns-records__table">
        <caption className="visually-hidden">{caption}</caption>
        <colgroup>
          <col className="dns-records__col-type" />
          <col className="dns-records__col-name" />
          <col />
          <col className="dns-records__col-ttl" />
        </colgroup>
        <TableHead columns={RECORD_COLUMNS} />
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-type={row.type} data-alternative={row.alternative || undefined}>
              <td data-label="Type">
                <span className="stack stack--start gap-1 dns-records__type">
                  <span className={`badge${row.alternative ? '' : ' badge--info'}`}>{row.type}</span>
                  <span className="dns-records__purpose">{row.purpose}</span>
                </span>
              </td>
              <CopyableCell label="Name" text={row.name} copyLabel={`Copy the ${row.type} record's name`} />
              <CopyableCell label="Value" text={row.value} copyLabel={`Copy the ${row.type} record's value`} />
              <td data-label="TTL" className="dns-records__ttl">
                <TtlText text={row.ttl} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="field__hint dns-records__propagation">{guide.propagation}</p>
    </div>
  );
}

/** "3600 (1 hour)": the seconds, and the words under them in a narrow column. */
function TtlText({ text }: { text: string }) {
  const space = text.indexOf(' ');
  if (space < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, space)}
      <span className="dns-records__ttl-words">{text.slice(space)}</span>
    </>
  );
}

/** Under a failed check: one sentence per failed check (what to fix), then the records. */
export function CheckDetails({ result, domain }: { result: Verification; domain: string }) {
  return (
    <div className="check-details">
      <p className="check-details__title">What to fix</p>
      {result.messages.length ? (
        <ul className="check-details__messages">
          {result.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <DnsRecordsTable guide={result.dns_instructions} caption={`DNS records for ${domain}`} />
    </div>
  );
}

/** A small copy button for a table cell: the icon turns into a check for 2 seconds. */
function CopyIconButton({ text, label }: { text: string; label: string }) {
  const { copied, copy } = useCopy();
  return (
    <button
      type="button"
      className="icon-button copy-icon-button"
      aria-label={copied ? `${label}: copied` : label}
      title={label}
      data-copied={copied}
      onClick={() => void copy(text)}
    >
      {copied ? <CheckIcon /> : <CopyIcon />}
    </button>
  );
}

/** A cell whose text is typed into the DNS provider as it is: shown as code, with its copy button. */
function CopyableCell({ label, text, copyLabel }: { label: string; text: string; copyLabel: string }) {
  return (
    <td data-label={label}>
      <span className="dns-records__copyable">
        <code className="dns-records__code">{text}</code>
        <CopyIconButton text={text} label={copyLabel} />
      </span>
    </td>
  );
}
