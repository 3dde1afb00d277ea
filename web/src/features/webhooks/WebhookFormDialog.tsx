import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { ErrorLine, InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { ModalFormFooter } from '../../ui/ModalFormFooter.tsx';
import { LinkPicker } from './LinkPicker.tsx';
import { EMPTY_FORM, EVENT_LABELS, EVENT_TYPES, formOf, webhookBody, withEvent, type WebhookForm, type WebhookFormErrors } from './webhook-form.ts';
import { webhooksApi, type CreatedWebhook, type Webhook } from './webhooks-api.ts';

const SAVE_FAILED = 'The webhook could not be saved. Please try again.';

interface WebhookFormDialogProps {
  workspaceId: number;
  /** The webhook edited; null makes a new one. */
  editing: Webhook | null;
  open: boolean;
  onClose(): void;
  /** After a creation: the answer holds the secret, shown once. */
  onCreated(created: CreatedWebhook): void;
  onSaved(saved: Webhook): void;
}

/** New webhook or Edit webhook: name, URL, the events it hears and, for clicks, the links. */
export function WebhookFormDialog({ editing, open, ...rest }: WebhookFormDialogProps) {
  return (
    <Modal title={editing ? 'Edit webhook' : 'New webhook'} open={open} onClose={rest.onClose} size="lg">
      {/* Keyed by the webhook, so each opening starts from its settings. */}
      <WebhookFormBody key={editing?.id ?? 'new'} editing={editing} {...rest} />
    </Modal>
  );
}

function WebhookFormBody({ workspaceId, editing, onClose, onCreated, onSaved }: Omit<WebhookFormDialogProps, 'open'>) {
  const id = useId();
  const [form, setForm] = useState<WebhookForm>(editing ? formOf(editing) : EMPTY_FORM);
  const [errors, setErrors] = useState<WebhookFormErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const change = (next: WebhookForm) => {
    setForm(next);
    setErrors({});
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const checked = webhookBody(form);
    if (checked.errors) return setErrors(checked.errors);
    setBusy(true);
    try {
      if (editing) onSaved(await webhooksApi.update(workspaceId, editing.id, { ...checked.body, link_ids: checked.body.link_ids ?? [] }));
      else onCreated(await webhooksApi.create(workspaceId, checked.body));
    } catch (error) {
      setFailure(errorText(error, SAVE_FAILED));
      setBusy(false);
    }
  };

  return (
    <form className="stack webhook-form" onSubmit={(event) => void submit(event)} aria-busy={busy} noValidate>
      <InputField
        id={`${id}-name`}
        label="Name"
        value={form.name}
        onValue={(name) => change({ ...form, name })}
        error={errors.name}
        maxLength={80}
        autoComplete="off"
        placeholder="e.g. CRM sync"
        disabled={busy}
      />
      <InputField
        id={`${id}-url`}
        label="Endpoint URL"
        type="url"
        value={form.url}
        onValue={(url) => change({ ...form, url })}
        error={errors.url}
        hint="An https address on the public internet; each delivery is signed with the webhook’s secret."
        placeholder="https://example.com/webhooks/linkledger"
        disabled={busy}
        {...VERBATIM_INPUT}
      />
      <fieldset className="webhook-form__events" aria-describedby={errors.events ? `${id}-events-error` : undefined}>
        <legend className="field__label">Events</legend>
        <div className="webhook-form__event-list">
          {EVENT_TYPES.map((type) => (
            <label key={type} className="checkbox">
              <input
                type="checkbox"
                checked={form.events.includes(type)}
                onChange={(event) => change(withEvent(form, type, event.target.checked))}
                disabled={busy}
              />
              <span>
                {EVENT_LABELS[type]} <code className="code-inline">{type}</code>
              </span>
            </label>
          ))}
        </div>
        <ErrorLine id={`${id}-events-error`}>{errors.events}</ErrorLine>
      </fieldset>
      {form.events.includes('link.clicked') ? (
        <LinkPicker workspaceId={workspaceId} chosen={form.linkIds} onChange={(linkIds) => change({ ...form, linkIds })} error={errors.link_ids} />
      ) : null}
      {failure ? (
        <p className="status-message tone-error" role="alert">
          {failure}
        </p>
      ) : null}
      <ModalFormFooter busy={busy} label={editing ? 'Save webhook' : 'Create webhook'} busyLabel="Saving…" onCancel={onClose} />
    </form>
  );
}
