import { useEffect, useState, type FormEvent } from 'react';
import type { ReportScope } from '@linkledger/contracts';
import { errorText } from '../../api/client.ts';
import { chosenWorkspaceId } from '../../api/chosen-workspace.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { useSubscription } from '../billing/index.ts';
import { useSession } from '../auth/index.ts';
import { BusySubmitButton } from '../../ui/BusySubmitButton.tsx';
import { ErrorLine, InputField } from '../../ui/Field.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { saveBlob } from '../../ui/save-blob.ts';
import { reportsApi, type Frequency, type ReportRequest } from './reports-api.ts';
import './reports.css';

const UPGRADE = 'PDF reports are available on the Pro and Enterprise plans. Upgrade your plan to download and schedule reports.';
const SCOPES: { value: ReportScope; label: string }[] = [
  { value: 'workspace', label: 'Whole workspace' },
  { value: 'link', label: 'One link' },
  { value: 'tag', label: 'A tag' },
];
const FREQUENCIES: { value: Frequency; label: string }[] = [
  { value: 'weekly', label: 'Weekly: last week, on Mondays' },
  { value: 'monthly', label: 'Monthly: last month, on the 1st' },
];
const SCHEDULES_QUERY = ['report-schedules'] as const;

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

/**
 * The Reports screen (docs/reports.md): choose a scope and a period, preview the PDF report in
 * the page and download it; and the workspace's scheduled reports.
 */
export default function ReportsPage() {
  const allowed = useSubscription().subscription?.features?.pdf_reports === true;
  return (
    <div className="reports stack">
      <PageHeader title="Reports" subtitle="Analytics of a link, a tag or the whole workspace as a PDF, downloaded or mailed every week or month" />
      {allowed ? (
        <>
          <ReportCard />
          <SchedulesCard />
        </>
      ) : (
        <p className="reports__upgrade" data-testid="reports-upgrade">
          {UPGRADE}{' '}
          <a className="text-link" href="/pricing">
            View Pricing Plans
          </a>
        </p>
      )}
    </div>
  );
}

/** Scope, subject and period: what both the preview and a schedule ask for. */
function ScopeFields({
  scope,
  id,
  onScope,
  onId,
}: {
  scope: ReportScope;
  id: number | null;
  onScope(scope: ReportScope): void;
  onId(id: number | null): void;
}) {
  const links = useQuery(['reports', 'links'], reportsApi.links, { enabled: scope === 'link' });
  const tags = useQuery(['reports', 'tags'], reportsApi.tags, { enabled: scope === 'tag' });
  const subjects =
    scope === 'link'
      ? (links.data?.urls ?? []).map((link) => ({ value: link.id, label: link.title || link.short_url }))
      : scope === 'tag'
        ? (tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))
        : [];
  const first = subjects[0]?.value ?? null;
  const known = subjects.some((subject) => subject.value === id);
  useEffect(() => {
    if (scope !== 'workspace' && !known) onId(first);
  }, [scope, known, first, onId]);
  return (
    <>
      <SelectField id="report-scope" label="Report of" value={scope} options={SCOPES} onChange={onScope} />
      {scope === 'workspace' ? null : subjects.length === 0 ? (
        <p className="reports__hint">{scope === 'link' ? 'This workspace has no links yet.' : 'This workspace has no tags yet.'}</p>
      ) : (
        <SelectField id="report-subject" label={scope === 'link' ? 'Link' : 'Tag'} value={id ?? first ?? 0} options={subjects} onChange={onId} />
      )}
    </>
  );
}

function ReportCard() {
  const today = new Date();
  const [scope, setScope] = useState<ReportScope>('workspace');
  const [id, setId] = useState<number | null>(null);
  const [dateFrom, setDateFrom] = useState(isoDay(new Date(today.getTime() - 29 * 86_400_000)));
  const [dateTo, setDateTo] = useState(isoDay(today));
  const [preview, setPreview] = useState<{ url: string; blob: Blob } | null>(null);
  const [shown, setShown] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The blob URL lives while it is shown.
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview.url) : undefined), [preview]);

  const request: ReportRequest = { scope, id, dateFrom, dateTo };
  const build = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const blob = await reportsApi.pdf(request);
      setPreview({ url: URL.createObjectURL(blob), blob });
    } catch (failure) {
      setError(errorText(failure, 'The report could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <TitledCard titleId="report-preview" title="Report">
      <form className="reports__form" onSubmit={build}>
        <ScopeFields scope={scope} id={id} onScope={setScope} onId={setId} />
        <InputField id="report-from" label="From" type="date" value={dateFrom} onValue={setDateFrom} />
        <InputField id="report-to" label="To" type="date" value={dateTo} onValue={setDateTo} />
        <div className="reports__actions">
          <BusySubmitButton busy={busy} label="Preview" busyLabel="Making the report…" />
          <button
            type="button"
            className="button button--secondary"
            disabled={!preview}
            onClick={() => preview && saveBlob(preview.blob, `report_${scope}_${dateFrom}_${dateTo}.pdf`)}
          >
            Download PDF
          </button>
        </div>
      </form>
      <ErrorLine>{error}</ErrorLine>
      {preview ? (
        <iframe
          className="reports__preview"
          title="Report preview"
          src={preview.url}
          data-testid="report-preview"
          data-loaded={shown === preview.url ? 'true' : undefined}
          onLoad={() => setShown(preview.url)}
        />
      ) : null}
    </TitledCard>
  );
}

function SchedulesCard() {
  const schedules = useQuery(SCHEDULES_QUERY, reportsApi.schedules);
  const user = useSession((session) => session.user);
  const workspaceId = chosenWorkspaceId() ?? user?.id ?? null;
  const members = useQuery(['reports', 'members', workspaceId ?? 0], () => reportsApi.members(workspaceId ?? 0), { enabled: workspaceId !== null });
  const [scope, setScope] = useState<ReportScope>('workspace');
  const [id, setId] = useState<number | null>(null);
  const [frequency, setFrequency] = useState<Frequency>('weekly');
  const [recipients, setRecipients] = useState<number[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const names = new Map((members.data?.members ?? []).map((member) => [member.user_id, member.full_name || member.username]));
  const scheduled = schedules.data ?? [];
  const links = useQuery(['reports', 'links'], reportsApi.links, { enabled: scheduled.some((schedule) => schedule.scope === 'link') });
  const tags = useQuery(['reports', 'tags'], reportsApi.tags, { enabled: scheduled.some((schedule) => schedule.scope === 'tag') });
  const subjectName = (scope: ReportScope, id: number | null) => {
    if (scope === 'workspace') return 'Whole workspace';
    const name = scope === 'link' ? links.data?.urls.find((link) => link.id === id)?.title : tags.data?.find((tag) => tag.id === id)?.name;
    return `${scope === 'link' ? 'Link' : 'Tag'}: ${name || `#${id}`}`;
  };

  const create = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (recipients.length === 0) return setError('Choose at least one member to mail the report to.');
    setBusy(true);
    try {
      await reportsApi.createSchedule({ scope, ...(scope === 'workspace' || id === null ? {} : { id }), frequency, recipient_ids: recipients });
      await invalidate(SCHEDULES_QUERY);
    } catch (failure) {
      setError(errorText(failure, 'The schedule could not be saved. Please try again.'));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (scheduleId: number) => {
    try {
      await reportsApi.deleteSchedule(scheduleId);
      await invalidate(SCHEDULES_QUERY);
    } catch (failure) {
      setError(errorText(failure, 'The schedule could not be deleted. Please try again.'));
    }
  };

  return (
    <TitledCard titleId="report-schedules" title="Scheduled reports">
      <ListTable
        className="table reports__schedules"
        caption="Scheduled reports"
        columns={['Report of', 'Frequency', 'Mailed to', 'Last sent', 'Actions']}
        empty={schedules.data && schedules.data.length === 0 ? { text: 'No scheduled reports yet.', className: 'reports__empty' } : null}
        testId="report-schedules"
      >
        {scheduled.map((schedule) => (
          <tr key={schedule.id}>
            <td>{subjectName(schedule.scope, schedule.subject_id)}</td>
            <td>{schedule.frequency === 'weekly' ? 'Weekly' : 'Monthly'}</td>
            <td>{schedule.recipient_ids.map((recipient) => names.get(recipient) ?? `Member ${recipient}`).join(', ')}</td>
            <td>{schedule.last_sent ? `${schedule.last_sent.date_from} – ${schedule.last_sent.date_to}` : 'Not yet'}</td>
            <td>
              <button type="button" className="button button--ghost button--sm" onClick={() => void remove(schedule.id)}>
                Delete
              </button>
            </td>
          </tr>
        ))}
      </ListTable>
      <form className="reports__form" onSubmit={create}>
        <ScopeFields scope={scope} id={id} onScope={setScope} onId={setId} />
        <SelectField id="report-frequency" label="Frequency" value={frequency} options={FREQUENCIES} onChange={setFrequency} />
        <fieldset className="reports__recipients">
          <legend>Mail to</legend>
          {(members.data?.members ?? []).map((member) => (
            <label key={member.user_id} className="reports__recipient">
              <input
                type="checkbox"
                checked={recipients.includes(member.user_id)}
                onChange={(event) =>
                  setRecipients((chosen) => (event.target.checked ? [...chosen, member.user_id] : chosen.filter((each) => each !== member.user_id)))
                }
              />
              {member.full_name || member.username}
            </label>
          ))}
        </fieldset>
        <div className="reports__actions">
          <BusySubmitButton busy={busy} label="Schedule report" busyLabel="Saving…" />
        </div>
      </form>
      <ErrorLine>{error}</ErrorLine>
    </TitledCard>
  );
}
