import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { PlusIcon, ShieldIcon } from '../../ui/icons.tsx';
import { SelectField } from '../../ui/SelectField.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { useCustomDomains, useTraiHeaders } from './domain-queries.ts';
import { DomainListCard } from './DomainListCard.tsx';
import { TraiRow } from './TraiRow.tsx';
import {
  TRAI_ADD_FAILED,
  TRAI_DELETE_FAILED,
  TRAI_HEADER_LENGTH,
  TRAI_SET_ACTIVE_FAILED,
  TRAI_VERIFY_FAILED,
  headerProblem,
  isHeaderComplete,
  normalizeHeader,
  traiDomainProblem,
  traiHostForm,
} from './domain-rules.ts';
import { traiApi, type DomainType, type TraiHeader } from './domains-api.ts';
import { FlashLine, type ReportMode } from './useFlash.tsx';
import { useDomainActions, type Failure } from './useDomainActions.ts';
import { PlanEndedNotice, TRAI_NOT_IN_PLAN, TRAI_READ_ONLY } from './PlanEndedNotice.tsx';
import { useSubscription } from '../billing/index.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { InputField, VERBATIM_INPUT } from '../../ui/Field.tsx';
import { RoleNotice, useWorkspaceAccess } from '../workspaces/index.ts';
import { TRAI_CHANGE, byChangers } from './domains-for-role.tsx';

/**
 * TRAI sender headers (docs/web-app.md#custom-domains): add one on this service's host (with
 * its DLT registration id, ready once an administrator approves it) or on a verified custom
 * domain, verify the latter, set one active, delete. After a downgrade the headers kept stay
 * listed, read-only with Delete (docs/domains.md#after-a-downgrade).
 */
export function TraiPanel({ mode, onChanged }: { mode: ReportMode; onChanged?(): void }) {
  const id = useId();
  const host = location.host;
  const headers = useTraiHeaders();
  const domains = useCustomDomains();
  const verifiedDomains = (domains.data ?? []).filter((domain) => domain.dns_verified);
  const { flash, adding, busy, deleting, setDeleting, add, act } = useDomainActions<TraiHeader>(mode, onChanged);
  const { subscription } = useSubscription();
  // The server refuses adding a header without the plan feature: the form says so up front, its controls disabled.
  const notInPlan = !!subscription && !subscription.feature_list.includes('trai_domains');
  const readOnly = notInPlan && !!headers.data?.length;
  // A role that may not change the workspace's headers sees them, and why it has no actions (docs/web-app.md#roles-on-screen).
  const mayChange = useWorkspaceAccess().allows('domains:write');

  const [header, setHeader] = useState('');
  const [dltId, setDltId] = useState('');
  const [domainType, setDomainType] = useState<DomainType>('our_domain');
  const [customDomainId, setCustomDomainId] = useState<number | null>(null);
  /** A problem found on submit ('Please select a custom domain'). */
  const [formProblem, setFormProblem] = useState<string | null>(null);

  const typing = headerProblem(header);
  // The chosen domain must still be a verified one (it may have been deleted meanwhile).
  const chosenId = customDomainId !== null && verifiedDomains.some((domain) => domain.id === customDomainId) ? customDomainId : null;
  const noVerified = domainType === 'custom_domain' && domains.data !== undefined && verifiedDomains.length === 0;
  const canSubmit = isHeaderComplete(header) && !typing && !adding && !notInPlan;
  const chosenDomain = verifiedDomains.find((domain) => domain.id === chosenId)?.domain ?? null;
  const preview = traiHostForm({ header: header || 'HEADER', domain: domainType === 'custom_domain' ? (chosenDomain ?? 'your-domain') : null }, host);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!canSubmit) return;
    const problem = traiDomainProblem(domainType, chosenId, verifiedDomains.length);
    setFormProblem(problem);
    if (problem) return;
    await add(
      async () => {
        const evidence = domainType === 'our_domain' && dltId.trim() ? { dlt_registration_id: dltId.trim() } : {};
        const added = await traiApi.add({ header, domain_type: domainType, custom_domain_id: domainType === 'custom_domain' ? chosenId : null, ...evidence });
        setHeader('');
        setDltId('');
        const ready = added.dns_verified
          ? 'It is ready to use.'
          : added.approval === 'pending'
            ? 'An administrator reviews it before links can use it.'
            : 'Verify it to use it.';
        return { tone: 'success', title: 'TRAI Header Added', text: `The TRAI header ${added.header} was added successfully. ${ready}` };
      },
      { title: 'TRAI Header Not Added', fallback: TRAI_ADD_FAILED },
    );
  };

  /** A row's request, its success reported with the server's message. */
  const run = (trai: TraiHeader, request: () => Promise<{ message: string }>, title: string, failure: Failure) =>
    act(trai, async () => ({ tone: 'success', title, text: (await request()).message }), failure);
  const verify = (trai: TraiHeader) =>
    run(trai, () => traiApi.verify(trai.id), 'TRAI Header Verified', { title: 'Verification Failed', fallback: TRAI_VERIFY_FAILED });
  const activate = (trai: TraiHeader) =>
    run(trai, () => traiApi.setActive(trai.id), 'TRAI Header Activated', { title: 'TRAI Header Not Activated', fallback: TRAI_SET_ACTIVE_FAILED });
  const remove = (trai: TraiHeader) =>
    run(trai, () => traiApi.remove(trai.id), 'TRAI Header Deleted', { title: 'TRAI Header Not Deleted', fallback: TRAI_DELETE_FAILED });

  const domainOptions = [
    { value: '' as string | number, label: 'Select a custom domain' },
    ...verifiedDomains.map((domain) => ({ value: domain.id as string | number, label: domain.domain })),
  ];

  return (
    <div className="stack domains">
      {!mayChange ? (
        <RoleNotice permission="domains:write" action={TRAI_CHANGE} />
      ) : readOnly ? (
        <PlanEndedNotice what="TRAI headers" text={TRAI_READ_ONLY} />
      ) : (
        <TitledCard className="domains__add" titleId={`${id}-add-title`} title="Add a TRAI header">
          <p className="card__subtitle">
            SMS-compliant links carry your registered sender header in their path, as TRAI rules require for messages sent in India.
          </p>
          {notInPlan && subscription ? (
            <PlanEndedNotice what="TRAI headers" title={`Your ${subscription.plan.display_name} plan does not include TRAI headers`} text={TRAI_NOT_IN_PLAN} />
          ) : null}
          <form className="stack trai-form" onSubmit={(event) => void submit(event)} aria-busy={adding}>
            <fieldset className="trai-form__controls" disabled={notInPlan}>
              <InputField
                id={`${id}-header`}
                label="Header"
                fieldClassName="trai-form__header"
                inputClassName="trai-form__header-input"
                hint={`Exactly ${TRAI_HEADER_LENGTH} letters or digits (${header.length}/${TRAI_HEADER_LENGTH}), upper-cased for you.`}
                error={typing}
                name="header"
                type="text"
                {...VERBATIM_INPUT}
                autoCapitalize="characters"
                maxLength={TRAI_HEADER_LENGTH}
                placeholder="ACMEIN"
                value={header}
                onValue={(value) => {
                  setHeader(normalizeHeader(value));
                  setFormProblem(null);
                }}
                disabled={adding}
              />

              <fieldset className="trai-form__type">
                <legend className="field__label">Domain</legend>
                <label className="trai-form__choice">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value="our_domain"
                    checked={domainType === 'our_domain'}
                    onChange={() => {
                      setDomainType('our_domain');
                      setFormProblem(null);
                    }}
                    disabled={adding}
                  />
                  <span>
                    <span className="trai-form__choice-name">Our domain</span>
                    <span className="trai-form__choice-hint">{host}/HEADER/ — ready once an administrator approves it</span>
                  </span>
                </label>
                <label className="trai-form__choice">
                  <input
                    type="radio"
                    name={`${id}-type`}
                    value="custom_domain"
                    checked={domainType === 'custom_domain'}
                    onChange={() => {
                      setDomainType('custom_domain');
                      setFormProblem(null);
                    }}
                    disabled={adding}
                  />
                  <span>
                    <span className="trai-form__choice-name">My custom domain</span>
                    <span className="trai-form__choice-hint">your-domain/HEADER/ — on a verified domain, then verified</span>
                  </span>
                </label>
              </fieldset>

              {domainType === 'our_domain' ? (
                <InputField
                  id={`${id}-dlt`}
                  label="DLT registration id (optional)"
                  fieldClassName="trai-form__dlt"
                  hint="The id of your header's registration on the DLT platform, so an administrator can check it is yours."
                  name="dlt_registration_id"
                  type="text"
                  {...VERBATIM_INPUT}
                  maxLength={40}
                  placeholder="1101234567890123456"
                  value={dltId}
                  onValue={setDltId}
                  disabled={adding}
                />
              ) : null}

              {domainType === 'custom_domain' ? (
                noVerified ? (
                  <p className="banner banner--warning trai-form__message" role="status">
                    No verified custom domains available. Please verify a custom domain first.
                  </p>
                ) : (
                  <SelectField
                    id={`${id}-custom-domain`}
                    label="Custom domain"
                    value={chosenId ?? ''}
                    options={domainOptions}
                    onChange={(value) => {
                      setCustomDomainId(typeof value === 'number' ? value : null);
                      setFormProblem(null);
                    }}
                    className="trai-form__domain"
                  />
                )
              ) : null}

              {formProblem && !noVerified ? (
                <p className="field__error trai-form__message" role="alert">
                  {formProblem}
                </p>
              ) : null}

              <div className="trai-form__footer cluster cluster--between gap-3">
                <p className="trai-form__preview">
                  Links will look like <code className="code-inline">{preview}abc123</code>
                </p>
                <button type="submit" className="button button--primary" disabled={!canSubmit}>
                  {adding ? <Spinner size="sm" /> : <PlusIcon />}
                  {adding ? 'Adding…' : 'Add TRAI Header'}
                </button>
              </div>
            </fieldset>
          </form>
        </TitledCard>
      )}

      <FlashLine flash={flash} />

      <DomainListCard
        title="Your TRAI headers"
        list={headers}
        placeholders={1}
        loadFailed="Your TRAI headers could not be loaded just now."
        empty={{
          icon: <ShieldIcon />,
          title: 'No TRAI headers yet',
          text: mayChange ? 'Add your 6-character sender header above.' : byChangers('TRAI headers'),
        }}
      >
        {(trai) => (
          <TraiRow
            key={trai.id}
            trai={trai}
            host={host}
            readOnly={readOnly || !mayChange}
            busy={busy === trai.id}
            onVerify={() => void verify(trai)}
            onActivate={() => void activate(trai)}
            onDelete={mayChange ? () => setDeleting(trai) : undefined}
          />
        )}
      </DomainListCard>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete TRAI header"
        message="Delete this TRAI header? Its existing short links stop working at once, and it can no longer be chosen for new links."
        itemName={deleting ? traiHostForm(deleting, host) : undefined}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}
