import './SupportInboxTab.css';
import { Suspense, useId, useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import { momentLabel } from '../../../format/dates.ts';
import { Modal } from '../../../ui/Modal.tsx';
import { SelectField } from '../../../ui/SelectField.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { PRIORITIES, TicketBadges, TicketConversation } from '../../support/index.ts';
import { StatusMessage } from '../StatusMessage.tsx';
import { supportInboxApi, type InboxFilter, type InboxTicket } from './support-inbox-api.ts';
import { SUPPORT_INBOX_QUERY, supportInboxQuery } from '../admin-queries.ts';
import type { TableColumn } from '../../../ui/TableHead.tsx';
import { ListTable } from '../../../ui/ListTable.tsx';

const TICKET_COLUMNS: readonly TableColumn[] = ['Ticket', 'Subject', 'From', 'State', 'Opened', 'Waiting on', { label: 'Actions', hidden: true }];

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: '', label: 'All statuses' },
] as const;
const PRIORITY_OPTIONS = [{ value: '', label: 'All priorities' }, ...PRIORITIES] as const;
const lastActivity = (ticket: InboxTicket) => ticket.replies.at(-1)?.author ?? 'user';

/** Every user's support tickets, most pressing first: filter, open one, answer it by e-mail, close it (docs/support.md#the-admin-inbox). */
export function SupportInboxTab() {
  const id = useId();
  const [filter, setFilter] = useState<InboxFilter>({ status: 'open', priority: '' });
  const [openId, setOpenId] = useState<number | null>(null);
  const [shown, setShown] = useState<InboxTicket | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [closing, setClosing] = useState(false);
  const inbox = useQuery(supportInboxQuery(filter), () => supportInboxApi.list(filter));
  const tickets = inbox.data?.tickets ?? [];
  // The open ticket as the list has it now; one that left the filtered list (just closed) stays as last answered.
  const selected = (openId !== null ? tickets.find((ticket) => ticket.id === openId) : undefined) ?? (shown?.id === openId ? shown : null);

  const show = (ticket: InboxTicket) => {
    setOpenId(ticket.id);
    setShown(ticket);
    setMessage(null);
  };
  const answered = async (answer: { message: string; ticket: InboxTicket }) => {
    setShown(answer.ticket);
    await invalidate(SUPPORT_INBOX_QUERY);
    return answer.message;
  };
  const close = async (ticket: InboxTicket) => {
    setClosing(true);
    try {
      setMessage(await answered(await supportInboxApi.close(ticket.id)));
    } catch (error) {
      setMessage(errorText(error, 'Failed to perform action'));
    } finally {
      setClosing(false);
    }
  };

  return (
    <div className="admin__section support-inbox">
      <div className="admin__toolbar cluster cluster--bottom gap-3">
        <SelectField
          id={`${id}-status`}
          label="Status"
          value={filter.status}
          options={STATUS_OPTIONS}
          onChange={(status) => setFilter((current) => ({ ...current, status }))}
        />
        <SelectField
          id={`${id}-priority`}
          label="Priority"
          value={filter.priority}
          options={PRIORITY_OPTIONS}
          onChange={(priority) => setFilter((current) => ({ ...current, priority }))}
        />
      </div>
      {inbox.error !== undefined && !inbox.data ? <StatusMessage text={errorText(inbox.error, 'Failed to fetch data')} /> : null}
      <p className="admin__count" aria-live="polite">
        {inbox.data ? `${tickets.length} ${tickets.length === 1 ? 'ticket' : 'tickets'}` : inbox.error === undefined ? 'Loading tickets…' : ''}
      </p>
      <ListTable
        className="table admin__table support-inbox__table"
        caption="Support tickets, most urgent first, oldest first within a priority"
        columns={TICKET_COLUMNS}
        empty={inbox.data && tickets.length === 0 ? { text: 'No tickets match these filters.', className: 'support-inbox__empty' } : null}
      >
        {tickets.map((ticket) => (
          <tr key={ticket.id} data-ticket={ticket.id}>
            <td className="num">#{ticket.id}</td>
            <td className="support-inbox__subject">{ticket.subject}</td>
            <td className="support-inbox__email">{ticket.user_email ?? 'Deleted account'}</td>
            <td>
              <TicketBadges ticket={ticket} />
            </td>
            <td className="support-inbox__opened">{momentLabel(ticket.created_at)}</td>
            <td>{ticket.status === 'closed' ? '—' : lastActivity(ticket) === 'admin' ? 'User' : 'Support'}</td>
            <td>
              <button type="button" className="button button--secondary button--sm" aria-label={`Open ticket #${ticket.id}`} onClick={() => show(ticket)}>
                Open
              </button>
            </td>
          </tr>
        ))}
      </ListTable>

      <Modal
        title={selected ? `#${selected.id} ${selected.subject}` : 'Ticket'}
        open={selected !== null}
        onClose={() => setOpenId(null)}
        size="lg"
        footer={
          selected?.status === 'open' ? (
            <button type="button" className="button button--secondary" onClick={() => void close(selected)} disabled={closing}>
              Close ticket
            </button>
          ) : null
        }
      >
        {selected ? (
          <div className="stack support-inbox__ticket">
            <p className="support-inbox__from">
              From <strong>{selected.user_email ?? 'a deleted account'}</strong> · opened {momentLabel(selected.created_at)} <TicketBadges ticket={selected} />
            </p>
            <StatusMessage text={message} />
            <Suspense fallback={<Spinner />}>
              <TicketConversation
                ticket={selected}
                ownerName={selected.user_email ?? 'Deleted account'}
                {...(selected.status === 'open'
                  ? {
                      onReply: async (text: string) => answered(await supportInboxApi.reply(selected.id, text)),
                      replyLabel: 'Reply to the user',
                      replyHint: selected.user_email ? `Shown on their Support page and e-mailed to ${selected.user_email}.` : 'Shown on their Support page.',
                    }
                  : {})}
              />
            </Suspense>
            {selected.status === 'closed' ? <p className="support-inbox__closed">This ticket is closed. The user can open it again by replying.</p> : null}
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
