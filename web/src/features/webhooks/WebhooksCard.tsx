import { useState } from 'react';
import { errorText } from '../../api/client.ts';
import { invalidate, useQuery } from '../../api/query.ts';
import { momentLabel } from '../../format/dates.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { ActionStatusLine, type ActionStatus } from '../workspaces/index.ts';
import { CodeList } from '../../ui/CodeList.tsx';
import { ListTable } from '../../ui/ListTable.tsx';
import { LoadFailedBanner } from '../../ui/LoadFailedBanner.tsx';
import { Switch } from '../../ui/Switch.tsx';
import { PlusIcon } from '../../ui/icons.tsx';
import { CreatedSecret } from './CreatedSecret.tsx';
import { DeliveryLog } from './DeliveryLog.tsx';
import { WebhookFormDialog } from './WebhookFormDialog.tsx';
import { disabledReasonText, failuresLabel, webhookState } from './webhook-format.ts';
import { webhooksApi, webhooksQuery, type CreatedWebhook, type Webhook } from './webhooks-api.ts';

const COLUMNS = ['Webhook', 'Events', 'On', 'Failures', 'Last delivery', { label: 'Actions', hidden: true }] as const;
const LOAD_FAILED = 'Failed to load the workspace’s webhooks. Please try again.';
const SWITCH_FAILED = 'The webhook could not be switched. Please try again.';
const DELETE_FAILED = 'The webhook could not be deleted. Please try again.';

type Dialog = { kind: 'create' } | { kind: 'edit'; webhook: Webhook } | { kind: 'delete'; webhook: Webhook } | null;

/**
 * The workspace's webhooks (docs/web-app.md#webhooks): each with its address, events, switch,
 * failures and last delivery; New webhook (the secret shown once), Edit, Delete behind a
 * confirmation, and the delivery log of the one chosen.
 */
export function WebhooksCard({ workspaceId }: { workspaceId: number }) {
  const key = webhooksQuery(workspaceId);
  const { data, loading, error, refetch } = useQuery(key, () => webhooksApi.list(workspaceId));
  const [dialog, setDialog] = useState<Dialog>(null);
  const [created, setCreated] = useState<CreatedWebhook | null>(null);
  const [status, setStatus] = useState<ActionStatus | null>(null);
  const [shownId, setShownId] = useState<number | null>(null);
  const webhooks = data?.webhooks ?? [];
  const shown = webhooks.find((each) => each.id === shownId) ?? null;
  const full = data ? webhooks.length >= data.max : false;

  const act = async (action: () => Promise<unknown>, done: string, failed: string) => {
    setStatus(null);
    try {
      await action();
      setStatus({ text: done, tone: 'success' });
    } catch (failure) {
      setStatus({ text: errorText(failure, failed), tone: 'error' });
    }
    await invalidate(key);
  };
  const switchTo = (webhook: Webhook, enabled: boolean) =>
    act(() => webhooksApi.update(workspaceId, webhook.id, { enabled }), `${webhook.name} is ${enabled ? 'on' : 'off'}.`, SWITCH_FAILED);
  const remove = (webhook: Webhook) =>
    act(
      async () => {
        await webhooksApi.remove(workspaceId, webhook.id);
        if (shownId === webhook.id) setShownId(null);
      },
      `${webhook.name} was deleted.`,
      DELETE_FAILED,
    );

  return (
    <>
      <section className="card stack webhooks" aria-labelledby="webhooks-title" aria-busy={loading}>
        <header className="cluster cluster--between webhooks__head">
          <div>
            <h2 id="webhooks-title" className="webhooks__title">
              Webhooks
            </h2>
            <p className="webhooks__note">
              {data ? `${webhooks.length} of ${data.max} webhooks. ` : ''}Each hears the events it names and gets them signed, in order, retried until they
              arrive.
            </p>
          </div>
          <button type="button" className="button button--primary" onClick={() => setDialog({ kind: 'create' })} disabled={!data || full}>
            <PlusIcon />
            New webhook
          </button>
        </header>
        {full ? (
          <p className="webhooks__note" role="note">
            This workspace has as many webhooks as it may keep. Delete one to make another.
          </p>
        ) : null}
        {created ? <CreatedSecret created={created} onDone={() => setCreated(null)} /> : null}
        {error ? <LoadFailedBanner text={LOAD_FAILED} onRetry={() => void refetch()} /> : null}
        <ActionStatusLine status={status} />
        <ListTable
          className="table table--stacked webhooks__table"
          caption="Webhooks"
          columns={COLUMNS}
          testId="webhooks"
          empty={data && webhooks.length === 0 ? { text: 'No webhooks yet.', className: 'webhooks__empty' } : null}
        >
          {webhooks.map((webhook) => (
            <WebhookRow
              key={webhook.id}
              webhook={webhook}
              shown={webhook.id === shownId}
              onShow={() => setShownId(webhook.id === shownId ? null : webhook.id)}
              onSwitch={(enabled) => void switchTo(webhook, enabled)}
              onEdit={() => setDialog({ kind: 'edit', webhook })}
              onDelete={() => setDialog({ kind: 'delete', webhook })}
            />
          ))}
        </ListTable>
      </section>
      {shown ? <DeliveryLog key={shown.id} workspaceId={workspaceId} webhook={shown} /> : null}
      <WebhookFormDialog
        workspaceId={workspaceId}
        open={dialog?.kind === 'create' || dialog?.kind === 'edit'}
        editing={dialog?.kind === 'edit' ? dialog.webhook : null}
        onClose={() => setDialog(null)}
        onCreated={(answer) => {
          setDialog(null);
          setStatus(null);
          setCreated(answer);
          setShownId(answer.id);
          void invalidate(key);
        }}
        onSaved={(saved) => {
          setDialog(null);
          setStatus({ text: `${saved.name} was saved.`, tone: 'success' });
          void invalidate(key);
        }}
      />
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete webhook?"
        message="Its endpoint gets no more deliveries, and its delivery log goes with it."
        itemName={dialog?.kind === 'delete' ? dialog.webhook.name : ''}
        onConfirm={() => (dialog?.kind === 'delete' ? remove(dialog.webhook) : undefined)}
        onClose={() => setDialog(null)}
      />
    </>
  );
}

interface WebhookRowProps {
  webhook: Webhook;
  shown: boolean;
  onShow(): void;
  onSwitch(enabled: boolean): void;
  onEdit(): void;
  onDelete(): void;
}

function WebhookRow({ webhook, shown, onShow, onSwitch, onEdit, onDelete }: WebhookRowProps) {
  const state = webhookState(webhook);
  const nameId = `webhook-name-${webhook.id}`;
  const reasonId = `webhook-reason-${webhook.id}`;
  return (
    <tr data-webhook-id={webhook.id}>
      <td data-label="Webhook">
        <span className="webhooks__cell">
          <span id={nameId} className="webhooks__name">
            {webhook.name}
          </span>
          <span className="webhooks__url">{webhook.url}</span>
          <span className="webhooks__hint">Secret …{webhook.secret_hint}</span>
        </span>
      </td>
      <td data-label="Events">
        <CodeList label="Events" items={webhook.events} className="webhooks__events" />
        {webhook.events.includes('link.clicked') ? (
          <span className="webhooks__hint">
            Clicks of {webhook.link_ids.length} {webhook.link_ids.length === 1 ? 'link' : 'links'}
          </span>
        ) : null}
      </td>
      <td data-label="On">
        <span className="webhooks__cell">
          <Switch
            checked={webhook.enabled}
            onChange={onSwitch}
            labelledBy={nameId}
            describedBy={webhook.disabled_reason ? reasonId : undefined}
            stateText={state.label}
          />
          {webhook.disabled_reason ? (
            <span id={reasonId} className="webhooks__reason">
              {disabledReasonText(webhook.disabled_reason)}
            </span>
          ) : null}
        </span>
      </td>
      <td data-label="Failures">{failuresLabel(webhook.consecutive_failures)}</td>
      <td data-label="Last delivery">{webhook.last_delivery_at ? momentLabel(webhook.last_delivery_at) : 'Never'}</td>
      <td>
        <span className="cluster gap-1 cluster--nowrap webhooks__actions">
          <button type="button" className="button button--secondary button--sm" onClick={onShow} aria-expanded={shown}>
            Deliveries<span className="visually-hidden"> of {webhook.name}</span>
          </button>
          <button type="button" className="button button--secondary button--sm" onClick={onEdit}>
            Edit<span className="visually-hidden"> {webhook.name}</span>
          </button>
          <button type="button" className="button button--secondary button--sm" onClick={onDelete}>
            Delete<span className="visually-hidden"> {webhook.name}</span>
          </button>
        </span>
      </td>
    </tr>
  );
}
