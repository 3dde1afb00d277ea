import { useId, useState, type FormEvent } from 'react';
import { destinationProblem } from '@linkledger/contracts/destination';
import { linksApi } from '../../api/endpoints.ts';
import { errorText } from '../../api/client.ts';
import type { Link } from '../../api/types.ts';
import { Modal } from '../../ui/Modal.tsx';
import { LinkTextFields } from './LinkFields.tsx';
import { ModalFormFooter } from '../../ui/ModalFormFooter.tsx';
import { toast } from '../../ui/toasts.ts';
import { displayUrl } from './list-query.ts';
import { linkPlacement, placementKind, placementPrefix } from '../domains/index.ts';
import { Switch } from '../../ui/Switch.tsx';
import { useSubscription } from '../billing/index.ts';
import { SmartLinkFields } from './smart-link/SmartLinkFields.tsx';
import { changedControls, controlsDraftOf, draftProblems, type ControlsDraft } from './smart-link/controls-draft.ts';
import { controlFieldOf, type ControlField } from './smart-link/control-errors.ts';
import { controlGates } from './smart-link/plan-gates.ts';
import { LabelFields, changedLabels, labelsChanged, type LabelsDraft } from '../labels/index.ts';
import { UtmFields } from './utm/UtmFields.tsx';
import { changedUtm, utmDraftOf, type UtmDraft } from './utm/utm-draft.ts';

type Changes = Parameters<typeof linksApi.update>[1];

/** Only what differs from the link is sent (the server ignores the rest anyway); a removed control goes as null. */
export function editChanges(
  link: Link,
  form: { title: string; description: string; original_url: string; is_active: boolean; controls?: ControlsDraft; utm?: UtmDraft },
): Changes {
  const changes: Changes = { ...(form.controls ? changedControls(link, form.controls) : {}), ...(form.utm ? changedUtm(link, form.utm) : {}) };
  if (form.title.trim() !== link.title) changes.title = form.title.trim();
  if (form.description.trim() !== link.description) changes.description = form.description.trim();
  if (form.original_url.trim() !== link.original_url) changes.original_url = form.original_url.trim();
  if (form.is_active !== link.is_active) changes.is_active = form.is_active;
  return changes;
}

/** Edit URL (docs/links.md#editing-and-switching-off): title, description, destination and the active switch, saved with PATCH. */
export function EditLinkModal({ link, onClose, onSaved }: { link: Link | null; onClose(): void; onSaved(link: Link): void }) {
  return (
    <Modal title="Edit URL" open={link !== null} onClose={onClose}>
      {/* Keyed by the link: every opening starts from the link's current values. */}
      {link ? <EditForm key={link.id} link={link} onSaved={onSaved} onClose={onClose} /> : null}
    </Modal>
  );
}

function EditForm({ link, onSaved, onClose }: { link: Link; onSaved(link: Link): void; onClose(): void }) {
  const id = useId();
  const placement = linkPlacement(link);
  const [title, setTitle] = useState(link.title);
  const [description, setDescription] = useState(link.description);
  const [destination, setDestination] = useState(link.original_url);
  const [active, setActive] = useState(link.is_active);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [destinationError, setDestinationError] = useState<string | null>(null);
  const [controls, setControls] = useState<ControlsDraft>(() => controlsDraftOf(link));
  const [labels, setLabels] = useState<LabelsDraft>({ tags: link.tags, folder: link.folder ?? '' });
  const [utm, setUtm] = useState<UtmDraft>(() => utmDraftOf(link));
  const [controlErrors, setControlErrors] = useState<Partial<Record<ControlField, string>>>({});
  const gates = controlGates(useSubscription().subscription?.features);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    // The product's own words, as the API would answer them, rather than the browser's bubble.
    const problem = destinationProblem(destination);
    setDestinationError(problem);
    if (problem) {
      event.currentTarget.querySelector<HTMLInputElement>('input[name="original_url"]')?.focus();
      return;
    }
    const problems = draftProblems(controls);
    setControlErrors(problems);
    if (Object.keys(problems).length > 0) return;
    const labelChanges = changedLabels(link, labels);
    const changes = { ...editChanges(link, { title, description, original_url: destination, is_active: active, controls, utm }), ...labelChanges };
    if (Object.keys(changes).length === 0) return onSaved(link);
    setSaving(true);
    setError(null);
    try {
      const saved = await linksApi.update(link.id, changes);
      if (Object.keys(labelChanges).length) void labelsChanged();
      toast('URL Updated', 'success', `${displayUrl(saved.short_url)} is saved.`);
      onSaved(saved);
    } catch (failure) {
      const message = errorText(failure, 'Failed to update URL. Please try again.');
      const field = controlFieldOf(message);
      if (field) setControlErrors({ [field]: message });
      else setError(message);
      setSaving(false);
    }
  };

  return (
    <form className="stack" onSubmit={(event) => void submit(event)} aria-busy={saving} noValidate>
      <p className="edit-link__short">
        Short URL <strong>{displayUrl(link.short_url)}</strong>
      </p>
      {/* Where the link is served is fixed when it is created: shown, not edited. */}
      <p className="edit-link__short" data-testid="edit-placement">
        Served on <strong>{placementPrefix(placement, location.host)}</strong> ({placementKind(placement)}, fixed when the link was created)
      </p>
      {error ? (
        <p className="banner banner--error" role="alert">
          {error}
        </p>
      ) : null}
      <LinkTextFields
        id={id}
        destination={{
          value: destination,
          onChange: (value) => {
            setDestination(value);
            setDestinationError(null);
          },
        }}
        destinationError={destinationError}
        title={{ value: title, onChange: setTitle }}
        description={{ value: description, onChange: setDescription }}
        disabled={saving}
        destinationHint="Visitors of the short URL go here from now on."
      />
      <div className="switch-field">
        <div>
          <p className="field__label" id={`${id}-active-label`}>
            Active
          </p>
          <p className="field__hint" id={`${id}-active-hint`}>
            {active ? 'The short URL redirects visitors.' : 'The short URL is switched off and shows “Page Not Found”.'}
          </p>
        </div>
        <Switch checked={active} onChange={setActive} labelledBy={`${id}-active-label`} describedBy={`${id}-active-hint`} disabled={saving} />
      </div>
      <LabelFields id={`${id}-labels`} draft={labels} onChange={setLabels} disabled={saving} />
      <UtmFields id={`${id}-utm`} draft={utm} onChange={setUtm} destination={destination} disabled={saving} />
      <SmartLinkFields
        id={`${id}-controls`}
        draft={controls}
        onChange={setControls}
        gates={gates}
        errors={controlErrors}
        disabled={saving}
        destination={destination}
        link={link}
        onPromoted={onSaved}
      />
      <ModalFormFooter busy={saving} label="Save Changes" busyLabel="Saving…" onCancel={onClose} />
    </form>
  );
}
