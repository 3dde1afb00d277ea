import './TraiApprovalsTab.css';
import { useId, useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import { momentLabel } from '../../../format/dates.ts';
import { CheckIcon } from '../../../ui/icons.tsx';
import { Modal } from '../../../ui/Modal.tsx';
import { TextareaField } from '../../../ui/Field.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { RetryMessage, StatusMessage } from '../StatusMessage.tsx';
import { traiApprovalsApi, type TraiApproval } from './trai-approvals-api.ts';
import { TRAI_APPROVALS_QUERY } from '../admin-queries.ts';
import type { TableColumn } from '../../../ui/TableHead.tsx';
import { ListTable } from '../../../ui/ListTable.tsx';

const QUEUE_COLUMNS: readonly TableColumn[] = ['Header', 'Owner', 'DLT registration id', 'Requested', { label: 'Actions', hidden: true }];

const MAX_REASON = 500;

/**
 * TRAI headers on this service's own host awaiting approval, oldest first, with the DLT
 * registration id their owner gave: approve one, or reject it with a reason its owner reads
 * (docs/admin.md#trai-approvals).
 */
export function TraiApprovalsTab() {
  const id = useId();
  const queue = useQuery(TRAI_APPROVALS_QUERY, traiApprovalsApi.list);
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState<number | null>(null);
  const [rejecting, setRejecting] = useState<TraiApproval | null>(null);
  const [reason, setReason] = useState('');
  const pending = queue.data ?? [];

  const decide = async (item: TraiApproval, action: () => Promise<{ message: string }>) => {
    setBusy(item.id);
    try {
      setMessage((await action()).message);
      await invalidate(TRAI_APPROVALS_QUERY);
    } catch (error) {
      setMessage(errorText(error, 'Failed to perform action'));
    } finally {
      setBusy(null);
    }
  };
  const reject = async () => {
    if (!rejecting) return;
    const item = rejecting;
    setRejecting(null);
    await decide(item, () => traiApprovalsApi.reject(item.id, reason.trim()));
    setReason('');
  };

  return (
    <div className="admin__section trai-approvals">
      <p className="trai-approvals__intro">
        Headers on this service’s own address have no DNS to prove them: check each one’s DLT registration before any link can use it. A rejected header serves
        nothing and is free for its real owner.
      </p>
      <StatusMessage text={message} />
      {queue.error !== undefined && !queue.data ? (
        <RetryMessage text={errorText(queue.error, 'Failed to fetch data')} onRetry={() => void queue.refetch()} />
      ) : null}
      <p className="admin__count" aria-live="polite">
        {queue.data
          ? `${pending.length} ${pending.length === 1 ? 'header awaits' : 'headers await'} approval`
          : queue.error === undefined
            ? 'Loading the queue…'
            : ''}
      </p>
      <ListTable
        className="table admin__table trai-approvals__table"
        caption="TRAI headers awaiting approval, oldest first"
        columns={QUEUE_COLUMNS}
        empty={queue.data && pending.length === 0 ? { text: 'No TRAI headers await approval.', className: 'trai-approvals__empty' } : null}
      >
        {pending.map((item) => (
          <tr key={item.id} data-header={item.header}>
            <td data-label="Header">
              <code className="trai-approvals__header">{item.header}</code>
            </td>
            <td data-label="Owner" className="trai-approvals__owner">
              {item.owner_email ?? 'Deleted account'}
              {item.team === null ? null : <span className="trai-approvals__team">for the team “{item.team}”</span>}
            </td>
            <td data-label="DLT registration id">
              {item.dlt_registration_id ? (
                <code className="trai-approvals__evidence">{item.dlt_registration_id}</code>
              ) : (
                <span className="trai-approvals__none">None given</span>
              )}
            </td>
            <td data-label="Requested">{momentLabel(item.created_at)}</td>
            <td className="trai-approvals__actions cluster cluster--end">
              <button
                type="button"
                className="button button--primary button--sm"
                onClick={() => void decide(item, () => traiApprovalsApi.approve(item.id))}
                disabled={busy === item.id}
                aria-label={`Approve ${item.header}`}
              >
                {busy === item.id ? <Spinner size="sm" /> : <CheckIcon />}
                Approve
              </button>
              <button
                type="button"
                className="button button--secondary button--sm"
                onClick={() => setRejecting(item)}
                disabled={busy === item.id}
                aria-label={`Reject ${item.header}`}
              >
                Reject
              </button>
            </td>
          </tr>
        ))}
      </ListTable>

      <Modal
        title={rejecting ? `Reject ${rejecting.header}` : 'Reject header'}
        open={rejecting !== null}
        onClose={() => setRejecting(null)}
        size="sm"
        footer={
          <>
            <button type="button" className="button button--secondary" onClick={() => setRejecting(null)}>
              Cancel
            </button>
            <button type="button" className="button button--danger" onClick={() => void reject()}>
              Reject
            </button>
          </>
        }
      >
        <TextareaField
          id={`${id}-reason`}
          label="Reason (shown to the user)"
          textareaClassName="input trai-approvals__reason"
          rows={3}
          maxLength={MAX_REASON}
          value={reason}
          onValue={setReason}
        />
      </Modal>
    </div>
  );
}
