import './links.css';
import './create-link.css';
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { linksApi, type NewLink } from '../../api/endpoints.ts';
import type { DomainInfo, Link } from '../../api/types.ts';
import { useQuery } from '../../api/query.ts';
import { initialChoice, placementPayload, placementPrefix, shortUrlPreview, useLinkPlacements, type Placement } from '../domains/index.ts';
import { SelectField } from '../../ui/SelectField.tsx';
import { useCreateLink } from './create-link-dialog.ts';
import { DOMAIN_INFO_QUERY, linkCreated, loadDomainInfo } from './link-queries.ts';
import { CheckIcon } from '../../ui/icons.tsx';
import { Modal } from '../../ui/Modal.tsx';
import { LinkTextFields } from './LinkFields.tsx';
import { ModalFormFooter } from '../../ui/ModalFormFooter.tsx';
import { displayUrl } from './list-query.ts';
import { FieldFrame, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { useSubscription } from '../billing/index.ts';
import { SmartLinkFields } from './smart-link/SmartLinkFields.tsx';
import { createControls, draftProblems, emptyControls, type ControlsDraft } from './smart-link/controls-draft.ts';
import { controlFieldOf, type ControlField } from './smart-link/control-errors.ts';
import { controlGates } from './smart-link/plan-gates.ts';
import { LabelFields, labelsChanged, newLinkLabels, type LabelsDraft } from '../labels/index.ts';
import { UtmFields } from './utm/UtmFields.tsx';
import { createUtm, emptyUtm, type UtmDraft } from './utm/utm-draft.ts';

/** How long the success message shows before the modal closes (docs/links.md#creating-links). */
const CREATE_SUCCESS_MS = 2000;
const CREATE_FAILED = 'Failed to create URL. Please try again.';

/**
 * A TRAI header (or custom domain) is sent only when the own-domain option is on and one is
 * set (docs/links.md#short-url-forms): the place chosen in the dialog (nothing for the
 * default short domain); without a choice, the active TRAI header, else the active custom domain.
 * The smart-link controls and the UTM parameters go only when set (docs/links.md#smart-links, #utm-parameters).
 */
export function createPayload(
  form: {
    original_url: string;
    title: string;
    description: string;
    short_code: string;
    ownDomain: boolean;
    placement?: Placement | null;
    controls?: ControlsDraft;
    utm?: UtmDraft;
  },
  domains: DomainInfo | null,
): NewLink {
  const payload: NewLink = {
    original_url: form.original_url.trim(),
    title: form.title.trim(),
    description: form.description.trim(),
    ...(form.controls ? createControls(form.controls) : {}),
    ...(form.utm ? createUtm(form.utm) : {}),
  };
  if (form.short_code.trim()) payload.short_code = form.short_code.trim();
  if (!form.ownDomain) return payload;
  if (form.placement) return { ...payload, ...placementPayload(form.placement) };
  if (domains?.active_trai_header) payload.trai_header = domains.active_trai_header;
  else if (domains?.active_custom_domain) payload.custom_domain = domains.active_custom_domain;
  return payload;
}

/** The Create New URL modal, opened from the sidebar's Create Link on any screen. */
export function CreateLinkModal() {
  const open = useCreateLink((s) => s.open);
  const setOpen = useCreateLink((s) => s.setOpen);
  const created = useRef(false);

  // Stable, so the form's 2-second timer is not restarted by a re-render.
  const close = useCallback(() => {
    setOpen(false);
    if (created.current) {
      // Then the lists, totals and usage figures catch up.
      created.current = false;
      void linkCreated();
    }
  }, [setOpen]);
  const onCreated = useCallback(() => {
    created.current = true;
  }, []);

  return (
    <Modal title="Create New URL" open={open} onClose={close}>
      {open ? <CreateForm onCreated={onCreated} onDone={close} /> : null}
    </Modal>
  );
}

type FormState =
  | { kind: 'idle' }
  | { kind: 'submitting' }
  | { kind: 'success'; link: Link }
  | { kind: 'error'; message: string }
  /** Objections to smart-link controls, shown next to each. */
  | { kind: 'control-errors'; errors: Partial<Record<ControlField, string>> };

function CreateForm({ onCreated, onDone }: { onCreated(): void; onDone(): void }) {
  const id = useId();
  const [url, setUrl] = useState('');
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [shortCode, setShortCode] = useState('');
  const [ownDomain, setOwnDomain] = useState(false);
  const domains: DomainInfo | null = useQuery(DOMAIN_INFO_QUERY, loadDomainInfo).data ?? null;
  // The own-domain option: the user's verified custom domains and TRAI headers, read only for a user who has some.
  const host = location.host;
  const offerOwnDomain = Boolean(domains && (domains.has_custom_domains || domains.has_trai_domains));
  const { choices } = useLinkPlacements(offerOwnDomain, host);
  const [chosen, setChosen] = useState<string | null>(null);
  const choice = choices.find((item) => item.value === chosen) ?? initialChoice(choices, domains);
  const placement: Placement = ownDomain && choice ? choice.placement : { kind: 'default' };
  const [state, setState] = useState<FormState>({ kind: 'idle' });
  const [controls, setControls] = useState<ControlsDraft>(emptyControls);
  const [labels, setLabels] = useState<LabelsDraft>({ tags: [], folder: '' });
  const [utm, setUtm] = useState<UtmDraft>(emptyUtm);
  const gates = controlGates(useSubscription().subscription?.features);

  // The success message shows for 2 seconds, then the modal closes (and the lists reload).
  const succeeded = state.kind === 'success';
  useEffect(() => {
    if (!succeeded) return;
    const timer = setTimeout(onDone, CREATE_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [succeeded, onDone]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (state.kind === 'submitting' || state.kind === 'success') return;
    if (!event.currentTarget.reportValidity()) return;
    const problems = draftProblems(controls);
    if (Object.keys(problems).length > 0) return setState({ kind: 'control-errors', errors: problems });
    setState({ kind: 'submitting' });
    try {
      const link = await linksApi.create({
        ...createPayload({ original_url: url, title, description, short_code: shortCode, ownDomain, placement, controls, utm }, domains),
        ...newLinkLabels(labels),
      });
      if (link.tags.length || link.folder) void labelsChanged();
      setState({ kind: 'success', link });
      onCreated();
    } catch (error) {
      const message = errorText(error, CREATE_FAILED);
      const field = controlFieldOf(message);
      setState(field ? { kind: 'control-errors', errors: { [field]: message } } : { kind: 'error', message });
    }
  };

  if (state.kind === 'success') {
    return (
      <div className="create-success" role="status" data-testid="create-success">
        <span className="icon-disc tone-success create-success__icon" aria-hidden="true">
          <CheckIcon />
        </span>
        <p className="create-success__title">URL created successfully!</p>
        <a className="short-link" href={state.link.short_url} target="_blank" rel="noopener">
          {displayUrl(state.link.short_url)}
        </a>
      </div>
    );
  }

  const busy = state.kind === 'submitting';
  return (
    <form className="stack create-form" onSubmit={(event) => void submit(event)} aria-busy={busy}>
      {state.kind === 'error' ? (
        <p className="banner banner--error" role="alert" data-testid="create-error">
          {state.message}
        </p>
      ) : null}
      <LinkTextFields
        id={id}
        destination={{ value: url, onChange: setUrl }}
        title={{ value: title, onChange: setTitle }}
        description={{ value: description, onChange: setDescription }}
        disabled={busy}
        creating
      />
      {offerOwnDomain ? (
        <div className="own-domain">
          <label className="checkbox">
            <input
              type="checkbox"
              checked={ownDomain && choice !== null}
              onChange={(event) => setOwnDomain(event.target.checked)}
              disabled={busy || choice === null}
            />
            <span>Use my own domain{choice ? '' : ' (none verified yet)'}</span>
          </label>
          {ownDomain && choice ? (
            <SelectField
              id={`${id}-placement`}
              label="Domain or TRAI header"
              value={choice.value}
              options={choices}
              onChange={(value) => setChosen(value)}
              className="own-domain__select"
            />
          ) : null}
        </div>
      ) : null}
      <FieldFrame
        id={`${id}-code`}
        label={
          <>
            Custom back-half <span className="field__optional">(optional)</span>
          </>
        }
        hint="3 to 32 letters, digits, hyphens or underscores. Leave empty for a generated code."
        hintId={`${id}-code-hint`}
      >
        <div className="prefixed-input">
          <span className="prefixed-input__prefix" aria-hidden="true" title={placementPrefix(placement, host)}>
            <span className="prefixed-input__text">{placementPrefix(placement, host)}</span>
          </span>
          <input
            id={`${id}-code`}
            name="short_code"
            className="input"
            type="text"
            {...VERBATIM_INPUT}
            maxLength={32}
            placeholder="spring-sale"
            value={shortCode}
            onChange={(event) => setShortCode(event.target.value)}
            aria-describedby={`${id}-code-hint ${id}-preview`}
            disabled={busy}
          />
        </div>
      </FieldFrame>
      <p className="field__hint create-form__preview" id={`${id}-preview`}>
        Short URL: <span className="create-form__preview-url">{shortUrlPreview(placement, host, shortCode)}</span>
      </p>
      <LabelFields id={`${id}-labels`} draft={labels} onChange={setLabels} disabled={busy} />
      <UtmFields id={`${id}-utm`} draft={utm} onChange={setUtm} destination={url} disabled={busy} />
      <SmartLinkFields
        id={`${id}-controls`}
        draft={controls}
        onChange={setControls}
        gates={gates}
        errors={state.kind === 'control-errors' ? state.errors : {}}
        disabled={busy}
        destination={url}
      />
      <ModalFormFooter busy={busy} label="Create URL" busyLabel="Creating…" onCancel={onDone} />
    </form>
  );
}
