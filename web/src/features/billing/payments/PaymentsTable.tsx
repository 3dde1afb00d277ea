import './payments.css';
import { useState } from 'react';
import type { BillingHistoryItem } from '@linkledger/contracts';
import { DownloadIcon } from '../../../ui/icons.tsx';
import { saveBlob } from '../../../ui/save-blob.ts';
import { Spinner } from '../../../ui/Spinner.tsx';
import { toast } from '../../../ui/toasts.ts';
import { paiseLabel } from './money.ts';
import { paymentMoment } from './payment-dates.ts';
import { StatusIcon } from './payment-icons.tsx';
import { paymentStatus } from './payment-status.ts';
import { paymentsApi } from './payments-api.ts';
import type { TableColumn } from '../../../ui/TableHead.tsx';
import { ListTable } from '../../../ui/ListTable.tsx';

const PAYMENT_COLUMNS: readonly TableColumn[] = [
  'Status',
  'Date',
  'Description',
  'Method',
  { label: 'Amount', className: 'payments-table__amount' },
  'Receipt',
];

/** The toast when a receipt cannot be fetched (the product's error catalogue). */
const DOWNLOAD_FAILED = 'Failed to download invoice';

interface PaymentsTableProps {
  items: readonly BillingHistoryItem[];
  /** Says whose payments these are, for screen readers. */
  caption: string;
}

/**
 * Payments, newest first: status (icon and words), date, what was bought, method, amount and
 * the receipt with its PDF download. The billing history tab and the admin's subscriptions tab show it.
 */
export default function PaymentsTable({ items, caption }: PaymentsTableProps) {
  const [downloading, setDownloading] = useState<string | null>(null);

  const download = async (item: BillingHistoryItem) => {
    if (!item.receipt_url) return;
    setDownloading(item.id);
    try {
      saveBlob(await paymentsApi.receipt(item.receipt_url), `${item.receipt ?? 'receipt'}.pdf`);
    } catch (error) {
      console.error('Could not download the receipt', error);
      toast(DOWNLOAD_FAILED, 'error');
    } finally {
      setDownloading(null);
    }
  };

  return (
    <ListTable className="table table--stacked payments-table" caption={caption} columns={PAYMENT_COLUMNS}>
      {items.map((item) => {
        const status = paymentStatus(item.status);
        return (
          <tr key={item.id} data-payment={item.id} data-status={item.status}>
            <td data-label="Status">
              <span className={`payment-status payment-status--${status.tone}`}>
                <StatusIcon tone={status.tone} />
                {status.label}
              </span>
            </td>
            <td data-label="Date" className="payments-table__nowrap">
              {paymentMoment(item.created_at)}
            </td>
            {/* The description names the plan and the period paid for. */}
            <td data-label="Description" className="payments-table__description">
              {item.description}
            </td>
            <td data-label="Method" className="payments-table__nowrap">
              {item.method || '—'}
            </td>
            <td data-label="Amount" className="payments-table__amount">
              {paiseLabel(item.amount)}
            </td>
            <td data-label="Receipt">
              {item.receipt ? (
                <span className="payments-table__receipt">
                  <span className="payments-table__receipt-number">{item.receipt}</span>
                  {item.test_mode ? (
                    <span className="badge badge--warning" title="Paid in test mode: no money was taken.">
                      Test · no money taken
                    </span>
                  ) : null}
                  {item.receipt_url ? (
                    <button
                      type="button"
                      className="button button--secondary button--sm"
                      onClick={() => void download(item)}
                      disabled={downloading === item.id}
                      aria-label={`Download receipt ${item.receipt} (PDF)`}
                    >
                      {downloading === item.id ? <Spinner size="sm" /> : <DownloadIcon />}
                      Download
                    </button>
                  ) : null}
                </span>
              ) : (
                <span className="payment-status--neutral">None</span>
              )}
            </td>
          </tr>
        );
      })}
    </ListTable>
  );
}
