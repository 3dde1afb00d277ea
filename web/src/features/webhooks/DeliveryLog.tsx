import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { secondLabel } from '../../format/dates.ts';
import { ActionStatusLine, type ActionStatus } from '../workspaces/index.ts';
import { ListTable } from '../../ui/ListTable.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { RefreshIcon, ReplayIcon } from '../../ui/icons.tsx';
import { deliveryStatusLabel, deliveryTone, latencyLabel, responseLabel, testDeliveryOf, testOutcomeText } from './webhook-format.ts';
import { ReplayDialog } from './ReplayDialog.tsx';
import { deliveriesQuery, webhooksApi, webhooksQuery, type Webhook } from './webhooks-api.ts';

const COLUMNS = ['Time', 'Event', 'Status', 'Attempt', 'Response', 'Latency', 'Excerpt'] as const;
const LOAD_FAILED = 'Failed to load the delivery log. Please try again.';
const TEST_FAILED = 'The test event could not be sent. Please try again.';
const TEST_SENT = 'Test event sent: its delivery appears in the log below.';
const BADGE = { success: 'badge--success', warning: 'badge--warning', error: 'badge--danger' } as const;

/**
 * One webhook's delivery log (docs/web-app.md#webhooks): every attempt, newest first, with the
 * receiver's answer; Refresh, Send test event (its outcome said above the log) and Replay.
 */
export function DeliveryLog({ workspaceId, webhook }: { workspaceId: number; webhook: Webhook }) {
  const key = deliveriesQuery(workspaceId, webhook.id);
  const { data, loading, error, refetch } = useQuery(key, () => webhooksApi.deliveries(workspaceId, webhook.id));
  const [testing, setTesting] = useState(false);
  const [outcome, setOutcome] = useState<ActionStatus | null>(null);
  const [replaying, setReplaying] = useState(false);

  const sendTest = async () => {
    setTesting(true);
    setOutcome(null);
    try {
      const delivery = testDeliveryOf(await webhooksApi.sendTest(workspaceId, webhook.id));
      setOutcome(
        delivery ? { text: testOutcomeText(delivery), tone: delivery.status === 'delivered' ? 'success' : 'error' } : { text: TEST_SENT, tone: 'success' },
      );
      await Promise.all([invalidate(key), invalidate(webhooksQuery(workspaceId))]);
    } catch (failure) {
      setOutcome({ text: errorText(failure, TEST_FAILED), tone: 'error' });
    } finally {
      setTesting(false);
    }
  };

  const titleId = `webhook-deliveries-${webhook.id}`;
  return (
    <section className="card stack webhooks__deliveries" aria-labelledby={titleId} aria-busy={loading}>
      <header className="cluster cluster--between webhooks__deliveries-head">
        <div>
          <h2 id={titleId} className="webhooks__title">
            Delivery log: <span className="webhooks__name">{webhook.name}</span>
          </h2>
          <p className="webhooks__note">Each attempt to deliver an event, newest first. Failed deliveries are retried with growing pauses.</p>
        </div>
        <div className="cluster gap-2">
          <button type="button" className="button button--secondary button--sm" onClick={() => void refetch()} disabled={loading}>
            <RefreshIcon />
            Refresh
          </button>
          <button type="button" className="button button--secondary button--sm" onClick={() => setReplaying(true)}>
            <ReplayIcon />
            Replay…
          </button>
          <button type="button" className="button button--primary button--sm" onClick={() => void sendTest()} disabled={testing} aria-busy={testing}>
            {testing ? <Spinner size="sm" /> : null}
            Send test event
          </button>
        </div>
      </header>
      <ActionStatusLine status={outcome} />
      {error ? (
        <div className="banner banner--error" role="alert">
          <p className="banner__body">{LOAD_FAILED}</p>
        </div>
      ) : null}
      <ListTable
        className="table table--stacked webhooks__delivery-table"
        caption={`Deliveries of ${webhook.name}`}
        columns={COLUMNS}
        testId="webhook-deliveries"
        empty={
          data && data.deliveries.length === 0 ? { text: 'No deliveries yet. Send a test event to try the endpoint.', className: 'webhooks__empty' } : null
        }
      >
        {(data?.deliveries ?? []).map((delivery) => (
          <tr key={delivery.id}>
            <td data-label="Time">{secondLabel(delivery.at)}</td>
            <td data-label="Event">
              <code className="code-inline">{delivery.event_type}</code>
              {delivery.replay ? <span className="badge badge--info webhooks__replay-mark">Replay</span> : null}
            </td>
            <td data-label="Status">
              <span className={`badge ${BADGE[deliveryTone(delivery.status)]}`}>{deliveryStatusLabel(delivery)}</span>
            </td>
            <td data-label="Attempt">{delivery.attempt}</td>
            <td data-label="Response">{responseLabel(delivery)}</td>
            <td data-label="Latency">{latencyLabel(delivery.latency_ms)}</td>
            <td data-label="Excerpt">{delivery.response_excerpt ? <code className="webhooks__excerpt">{delivery.response_excerpt}</code> : '—'}</td>
          </tr>
        ))}
      </ListTable>
      <ReplayDialog workspaceId={workspaceId} webhook={webhook} open={replaying} onClose={() => setReplaying(false)} />
    </section>
  );
}
