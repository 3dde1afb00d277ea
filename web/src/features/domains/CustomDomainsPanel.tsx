import { useId, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { GlobeIcon, PlusIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CheckDetails, DnsRecordsTable } from './DnsRecords.tsx';
import { DnsSetupDialog } from './DnsSetupDialog.tsx';
import { domainChecked, useCustomDomains } from './domain-queries.ts';
import { DomainItemRow } from './DomainItemRow.tsx';
import { DomainListCard } from './DomainListCard.tsx';
import { ADD_FAILED, CLAIM_BADGES, DELETE_FAILED, SET_ACTIVE_FAILED, VERIFY_FAILED, canVerify, claimNotice, verificationFailedText } from './domain-rules.ts';
import { domainsApi, type CustomDomain, type Verification } from './domains-api.ts';
import { FlashLine, type ReportMode } from './useFlash.tsx';
import { useDomainActions } from './useDomainActions.ts';
import { DOMAINS_READ_ONLY, PlanEndedNotice } from './PlanEndedNotice.tsx';
import { createdLabel } from '../../format/dates.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';
import { VERBATIM_INPUT } from '../../ui/Field.tsx';
import { RoleNotice, useWorkspaceAccess } from '../workspaces/index.ts';
import { DOMAINS_CHANGE, byChangers } from './domains-for-role.tsx';

interface PanelProps {
  /** 'page': outcomes in a line that clears (/custom-domains); 'toasts': Developer Tools, with the DNS setup dialog. */
  mode: ReportMode;
  /** After any change (the API key's domain card reads the active names). */
  onChanged?(): void;
  /** The plan no longer includes custom domains: the list with Delete only (docs/domains.md#after-a-downgrade). */
  readOnly?: boolean;
}

/**
 * Custom domains (docs/web-app.md#custom-domains): add one, publish its TXT token, verify it
 * by DNS, make it the active one, delete it after a confirmation.
 */
export function CustomDomainsPanel({ mode, onChanged, readOnly = false }: PanelProps) {
  const id = useId();
  const host = location.host;
  const list = useCustomDomains();
  const domains = list.data;
  const { flash, adding, busy, deleting, setDeleting, changed, add, act } = useDomainActions<CustomDomain>(mode, onChanged);
  const [input, setInput] = useState('');
  /** Each domain's last failed check (what to fix), shown under its row on the page. */
  const [checks, setChecks] = useState<Record<number, Verification>>({});
  const [setup, setSetup] = useState<CustomDomain | null>(null);
  // A role that may not change the workspace's domains sees them, and why it has no actions (docs/web-app.md#roles-on-screen).
  const mayChange = useWorkspaceAccess().allows('domains:write');

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const domain = input.trim();
    if (!domain || adding) return;
    await add(
      async () => {
        const added = await domainsApi.add(domain);
        setInput('');
        return { tone: 'success', title: 'Domain Added', text: `${added.domain} was added successfully. Publish its DNS records, then verify it.` };
      },
      { title: 'Domain Not Added', fallback: ADD_FAILED },
    );
  };

  const verify = (domain: CustomDomain) =>
    act(
      domain,
      async () => {
        const answer = await domainsApi.verify(domain.id);
        domainChecked(answer.domain);
        const result = answer.verification_result;
        setChecks((all) => (result.fully_verified ? without(all, domain.id) : { ...all, [domain.id]: result }));
        if (result.fully_verified) return { tone: 'success', title: 'Domain Verified', text: answer.message };
        return { tone: 'error', title: 'Verification Failed', text: result.failed_checks.length ? verificationFailedText(result) : answer.message };
      },
      { title: 'Verification Failed', fallback: VERIFY_FAILED },
    );

  const activate = (domain: CustomDomain) =>
    act(domain, async () => ({ tone: 'success', title: 'Domain Activated', text: (await domainsApi.setActive(domain.id)).message }), {
      title: 'Domain Not Activated',
      fallback: SET_ACTIVE_FAILED,
    });

  const remove = (domain: CustomDomain) =>
    act(
      domain,
      async () => {
        const { message } = await domainsApi.remove(domain.id);
        setChecks((all) => without(all, domain.id));
        return { tone: 'success', title: 'Domain Deleted', text: message };
      },
      { title: 'Domain Not Deleted', fallback: DELETE_FAILED },
    );

  return (
    <div className="stack domains">
      {!mayChange ? (
        <RoleNotice permission="domains:write" action={DOMAINS_CHANGE} />
      ) : readOnly ? (
        <PlanEndedNotice what="custom domains" text={DOMAINS_READ_ONLY} />
      ) : (
        <TitledCard className="domains__add" titleId={`${id}-add-title`} title="Add a custom domain">
          <p className="card__subtitle">Serve your short links from your own branded domain, such as links.yourbrand.com.</p>
          <form className="field domains__form" onSubmit={(event) => void submit(event)} aria-busy={adding}>
            <label className="field__label" htmlFor={`${id}-domain`}>
              Domain
            </label>
            <div className="domains__input-row">
              <div className="domains__input">
                <input
                  id={`${id}-domain`}
                  name="domain"
                  className="input"
                  type="text"
                  inputMode="url"
                  {...VERBATIM_INPUT}
                  autoCapitalize="off"
                  maxLength={253}
                  placeholder="links.yourbrand.com"
                  value={input}
                  onChange={(event) => setInput(event.target.value)}
                  aria-describedby={`${id}-domain-hint`}
                  disabled={adding}
                />
                <p className="field__hint" id={`${id}-domain-hint`}>
                  Enter your domain without http:// or {host}
                </p>
              </div>
              <button type="submit" className="button button--primary" disabled={adding || input.trim() === ''}>
                {adding ? <Spinner size="sm" /> : <PlusIcon />}
                {adding ? 'Adding…' : 'Add Domain'}
              </button>
            </div>
          </form>
        </TitledCard>
      )}

      <FlashLine flash={flash} />

      <DomainListCard
        title="Your domains"
        list={list}
        placeholders={2}
        loadFailed="Your domains could not be loaded just now."
        empty={{
          icon: <GlobeIcon />,
          title: readOnly ? 'No custom domains left' : 'No custom domains yet',
          text: !mayChange
            ? byChangers('Custom domains')
            : readOnly
              ? 'Upgrade to Pro or Enterprise to add a domain again.'
              : 'Add a domain above, publish its DNS records, then verify it.',
        }}
      >
        {(domain) => (
          <DomainRow
            key={domain.id}
            domain={domain}
            mode={mode}
            readOnly={readOnly || !mayChange}
            busy={busy === domain.id}
            check={checks[domain.id] ?? null}
            onVerify={() => void verify(domain)}
            onActivate={() => void activate(domain)}
            onDelete={mayChange ? () => setDeleting(domain) : undefined}
            onSetup={() => setSetup(domain)}
          />
        )}
      </DomainListCard>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete custom domain"
        message="Delete this domain? Its existing short links and TRAI headers stop working at once, it can no longer be chosen for new links, and its name is freed for anyone to claim."
        itemName={deleting?.domain}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
      {mode === 'toasts' ? (
        <DnsSetupDialog domain={setup ? (domains?.find((item) => item.id === setup.id) ?? setup) : null} onClose={() => setSetup(null)} onChanged={changed} />
      ) : null}
    </div>
  );
}

function without<T>(all: Record<number, T>, key: number): Record<number, T> {
  const rest = { ...all };
  delete rest[key];
  return rest;
}

interface RowProps {
  domain: CustomDomain;
  mode: ReportMode;
  readOnly: boolean;
  busy: boolean;
  check: Verification | null;
  onVerify(): void;
  onActivate(): void;
  onDelete?(): void;
  onSetup(): void;
}

function DomainRow({ domain, mode, readOnly, busy, check, onVerify, onActivate, onDelete, onSetup }: RowProps) {
  const badge = CLAIM_BADGES[domain.status];
  const notice = claimNotice(domain);
  // A claim another account won, or one left pending too long, can only be deleted; so can everything after a downgrade.
  const actionable = !readOnly && canVerify(domain);
  return (
    <DomainItemRow
      data={{ 'data-domain': domain.domain }}
      icon={<GlobeIcon />}
      name={domain.domain}
      status={{
        className: `badge badge--${badge.tone}`,
        state: domain.status === 'pending' ? 'unverified' : domain.status,
        text: badge.text,
        checked: domain.status === 'verified',
      }}
      active={domain.is_active}
      busy={busy}
      onSetup={actionable && mode === 'toasts' ? onSetup : undefined}
      onVerify={actionable && mode !== 'toasts' ? onVerify : undefined}
      onActivate={actionable && domain.dns_verified && !domain.is_active ? onActivate : undefined}
      onDelete={onDelete}
    >
      {/* After a failed check, what to fix and the records; before, the records to publish. */}
      {notice ? (
        <p className="domain-row__notice" data-testid="claim-notice">
          {notice}
        </p>
      ) : !actionable ? null : check && mode === 'page' ? (
        <CheckDetails result={check} domain={domain.domain} />
      ) : !domain.dns_verified ? (
        <DnsSetup domain={domain} />
      ) : null}
    </DomainItemRow>
  );
}

/**
 * A domain not verified yet: every record to publish, up front — the TXT record that proves it
 * is the user's and the A (or CNAME) record that points it here — each copyable.
 */
function DnsSetup({ domain }: { domain: CustomDomain }) {
  return (
    <div className="dns-setup">
      <p className="dns-setup__intro">
        Publish these records at your DNS provider, then press Verify
        {domain.expires_at ? <> by {createdLabel(domain.expires_at)}, when this claim expires (the first account to verify a domain owns it)</> : null}:
      </p>
      <DnsRecordsTable guide={domain.dns_instructions} caption={`DNS records for ${domain.domain}`} />
    </div>
  );
}
