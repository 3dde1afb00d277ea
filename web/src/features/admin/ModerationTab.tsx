import './ModerationTab.css';
import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { useQuery } from '../../api/query.ts';
import { Modal } from '../../ui/Modal.tsx';
import { TextareaField } from '../../ui/Field.tsx';
import { AdminSearchBox } from './AdminSearchBox.tsx';
import { ConfirmFooter } from '../../ui/ConfirmModal.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { StatusMessage } from './StatusMessage.tsx';
import { adminApi, type AdminLink } from './admin-api.ts';
import { useDebouncedSearch } from './use-debounced-search.ts';
import { adminChanged, adminLinkListQuery } from './admin-queries.ts';
import type { TableColumn } from '../../ui/TableHead.tsx';
import { ListTable } from '../../ui/ListTable.tsx';

const LINK_COLUMNS: readonly TableColumn[] = [
  'Short URL',
  'Destination',
  'Owner',
  { label: 'Clicks', className: 'num' },
  'State',
  { label: 'Actions', hidden: true },
];

const PAGE_SIZE = 10;
const SEARCH_PAUSE_MS = 400;
/** The longest reason the server takes (docs/admin.md#moderation). */
const MAX_REASON = 500;
const FAILED = 'Failed to perform action';

/** Only a web address is made a link: the short URL is the server's own, but nothing else on a row is trusted. */
const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** Every user's links: search, disable with a reason, enable (docs/admin.md#moderation). */
export function ModerationTab() {
  const id = useId();
  const searching = useDebouncedSearch(SEARCH_PAUSE_MS);
  const { search, page, setPage } = searching;
  const [message, setMessage] = useState<string | null>(null);
  const [disabling, setDisabling] = useState<AdminLink | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const query = { search: search || undefined, skip: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE };
  const links = useQuery(adminLinkListQuery(query), () => adminApi.links(query));

  /** Runs a moderation call, says how it went, and reads the list again either way (another admin may have acted). */
  const act = async (link: AdminLink, action: () => Promise<{ message: string }>) => {
    setBusyId(link.id);
    try {
      setMessage((await action()).message);
    } catch (error) {
      setMessage(errorText(error, FAILED));
    } finally {
      setBusyId(null);
    }
    await adminChanged();
  };

  const rows = links.data?.links ?? [];
  return (
    <div className="admin__section">
      <div className="admin__toolbar cluster cluster--bottom gap-3">
        <AdminSearchBox id={`${id}-search`} label="Search by code, destination or owner e-mail" search={searching} />
      </div>

      <StatusMessage text={message} />
      {links.error !== undefined && !links.data ? <StatusMessage text={errorText(links.error, 'Failed to fetch links')} /> : null}

      <p className="admin__count" aria-live="polite">
        {links.data ? `${links.data.total} ${links.data.total === 1 ? 'link' : 'links'}` : links.error === undefined ? 'Loading links…' : ''}
      </p>
      <ListTable
        className="table admin__table moderation__table"
        caption={`Links of every user, page ${page}`}
        columns={LINK_COLUMNS}
        empty={links.data && rows.length === 0 ? { text: search ? 'No links match this search.' : 'No links yet.', className: 'moderation__empty' } : null}
      >
        {rows.map((link) => (
          <LinkRow
            key={link.id}
            link={link}
            busy={busyId === link.id}
            onDisable={() => setDisabling(link)}
            onEnable={() => void act(link, () => adminApi.enableLink(link.id))}
          />
        ))}
      </ListTable>
      {links.data ? <Pagination page={page} total={links.data.total} pageSize={PAGE_SIZE} onPage={setPage} label="Pages of links" /> : null}

      <DisableDialog
        link={disabling}
        onClose={() => setDisabling(null)}
        onDisable={async (link, reason) => {
          setDisabling(null);
          await act(link, () => adminApi.disableLink(link.id, reason));
        }}
      />
    </div>
  );
}

interface LinkRowProps {
  link: AdminLink;
  busy: boolean;
  onDisable(): void;
  onEnable(): void;
}

function LinkRow({ link, busy, onDisable, onEnable }: LinkRowProps) {
  return (
    <tr data-link={link.short_code}>
      <td className="moderation__short">
        {isWebAddress(link.short_url) ? (
          <a className="text-link" href={link.short_url} target="_blank" rel="noopener noreferrer">
            {link.short_url}
          </a>
        ) : (
          link.short_url
        )}
      </td>
      <td>
        {/* Text only, never a link: a reported destination may be a phishing page. */}
        <span className="moderation__destination" title={link.original_url}>
          {link.original_url}
        </span>
      </td>
      <td className="moderation__owner">{link.owner_email ?? 'Unknown'}</td>
      <td className="num">{link.total_clicks.toLocaleString('en-IN')}</td>
      <td>
        {link.disabled_by_admin ? (
          <>
            <span className="badge badge--danger">Disabled</span>
            {link.moderation_reason ? <span className="moderation__reason">{link.moderation_reason}</span> : null}
          </>
        ) : link.is_active ? (
          <span className="badge badge--success">Active</span>
        ) : (
          <span className="badge badge--warning">Inactive</span>
        )}
      </td>
      <td>
        <div className="admin__actions cluster cluster--end" role="group" aria-label={`Actions for ${link.short_url}`}>
          {link.disabled_by_admin ? (
            <button type="button" className="button button--primary button--sm" onClick={onEnable} disabled={busy}>
              Enable
            </button>
          ) : (
            <button type="button" className="button button--danger button--sm" onClick={onDisable} disabled={busy}>
              Disable
            </button>
          )}
        </div>
      </td>
    </tr>
  );
}

interface DisableDialogProps {
  /** The link being disabled; null while the dialog is closed. */
  link: AdminLink | null;
  onClose(): void;
  onDisable(link: AdminLink, reason: string): Promise<void>;
}

function DisableDialog({ link, onClose, onDisable }: DisableDialogProps) {
  const id = useId();
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const ready = reason.trim() !== '' && !busy;

  const close = () => {
    setReason('');
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!link || !ready) return;
    setBusy(true);
    try {
      await onDisable(link, reason.trim());
    } finally {
      setBusy(false);
      setReason('');
    }
  };

  return (
    <Modal
      title="Disable link"
      open={link !== null}
      onClose={close}
      size="sm"
      footer={<ConfirmFooter onCancel={close} busy={busy} form={`${id}-form`} label="Disable link" disabled={!ready} />}
    >
      <form id={`${id}-form`} className="stack gap-3 moderation__form" onSubmit={(event) => void submit(event)}>
        <p>Its short URL will answer “This link has been disabled” until an admin enables it. The owner sees the reason.</p>
        {link ? <p className="moderation__dialog-link">{link.short_url}</p> : null}
        <TextareaField
          id={`${id}-reason`}
          label="Reason"
          hint={`${reason.length} of ${MAX_REASON} characters`}
          value={reason}
          maxLength={MAX_REASON}
          required
          onValue={setReason}
        />
      </form>
    </Modal>
  );
}
