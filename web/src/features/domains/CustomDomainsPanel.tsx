import { useId, useState, type FormEvent } from 'react';
import { errorText } from '../../api/client.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { CheckIcon, GlobeIcon, PlusIcon, RefreshIcon, SettingsIcon, TrashIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { CheckDetails, DnsRecordsTable } from './DnsRecords.tsx';
import { DnsSetupDialog } from './DnsSetupDialog.tsx';
import { domainChecked, domainsChanged, useCustomDomains } from './domain-queries.ts';
import { ADD_FAILED, CLAIM_BADGES, DELETE_FAILED, SET_ACTIVE_FAILED, VERIFY_FAILED, canVerify, claimNotice, verificationFailedText } from './domain-rules.ts';
import { domainsApi, type CustomDomain, type Verification } from './domains-api.ts';
import { FlashLine, useReporter, type ReportMode } from './useFlash.tsx';
import { DOMAINS_READ_ONLY, PlanEndedNotice } from './PlanEndedNotice.tsx';
import { createdLabel } from '../../format/dates.ts';

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
  const { data: domains, loading, error, refetch } = useCustomDomains();
  const { flash, report } = useReporter(mode);
  const [input, setInput] = useState('');
  const [adding, setAdding] = useState(false);
  /** The row whose action is under way. */
  const [busy, setBusy] = useState<number | null>(null);
  /** Each domain's last failed check (what to fix), shown under its row on the page. */
  const [checks, setChecks] = useState<Record<number, Verification>>({});
  const [deleting, setDeleting] = useState<CustomDomain | null>(null);
  const [setup, setSetup] = useState<CustomDomain | null>(null);

  const changed = async () => {
    await domainsChanged();
    onChanged?.();
  };

  const add = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const domain = input.trim();
    if (!domain || adding) return;
    setAdding(true);
    try {
      const added = await domainsApi.add(domain);
      setInput('');
      report({ tone: 'success', title: 'Domain Added', text: `${added.domain} was added successfully. Publish its DNS records, then verify it.` });
      await changed();
    } catch (failure) {
      report({ tone: 'error', title: 'Domain Not Added', text: errorText(failure, ADD_FAILED) });
    } finally {
      setAdding(false);
    }
  };

  const run = async (domain: CustomDomain, action: () => Promise<void>) => {
    setBusy(domain.id);
    try {
      await action();
    } finally {
      setBusy(null);
    }
  };

  const verify = (domain: CustomDomain) =>
    run(domain, async () => {
      try {
        const answer = await domainsApi.verify(domain.id);
        domainChecked(answer.domain);
        const result = answer.verification_result;
        setChecks((all) => (result.fully_verified ? without(all, domain.id) : { ...all, [domain.id]: result }));
        if (result.fully_verified) report({ tone: 'success', title: 'Domain Verified', text: answer.message });
        else report({ tone: 'error', title: 'Verification Failed', text: result.failed_checks.length ? verificationFailedText(result) : answer.message });
        await changed();
      } catch (failure) {
        report({ tone: 'error', title: 'Verification Failed', text: errorText(failure, VERIFY_FAILED) });
      }
    });

  const activate = (domain: CustomDomain) =>
    run(domain, async () => {
      try {
        const { message } = await domainsApi.setActive(domain.id);
        report({ tone: 'success', title: 'Domain Activated', text: message });
        await changed();
      } catch (failure) {
        report({ tone: 'error', title: 'Domain Not Activated', text: errorText(failure, SET_ACTIVE_FAILED) });
      }
    });

  const remove = (domain: CustomDomain) =>
    run(domain, async () => {
      try {
        const { message } = await domainsApi.remove(domain.id);
        setChecks((all) => without(all, domain.id));
        report({ tone: 'success', title: 'Domain Deleted', text: message });
        await changed();
      } catch (failure) {
        report({ tone: 'error', title: 'Domain Not Deleted', text: errorText(failure, DELETE_FAILED) });
      }
    });

  return (
    <div className="stack domains">
      {readOnly ? (
        <PlanEndedNotice what="custom domains" text={DOMAINS_READ_ONLY} />
      ) : (
      <section className="card domains__add" aria-labelledby={`${id}-add-title`}>
        <h2 id={`${id}-add-title`} className="card__title">
          Add a custom domain
        </h2>
        <p className="card__subtitle">Serve your short links from your own branded domain, such as links.yourbrand.com.</p>
        <form className="field domains__form" onSubmit={(event) => void add(event)} aria-busy={adding}>
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
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
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
      </section>
      )}

      <FlashLine flash={flash} />

      <section className="card domains__list-card" aria-labelledby={`${id}-list-title`} aria-busy={loading}>
        <h2 id={`${id}-list-title`} className="card__title">
          Your domains
        </h2>
        {loading && !domains ? (
          <div className="domains__loading" aria-hidden="true">
            <span className="skeleton" style={{ height: '4rem' }} />
            <span className="skeleton" style={{ height: '4rem' }} />
          </div>
        ) : error && !domains ? (
          <div className="banner banner--error domains__load-error" role="alert">
            <p className="banner__body">{errorText(error, 'Your domains could not be loaded just now.')}</p>
            <button type="button" className="button button--secondary button--sm" onClick={() => void refetch()}>
              <RefreshIcon />
              Try again
            </button>
          </div>
        ) : !domains?.length ? (
          <div className="empty-state domains__empty">
            <span className="empty-state__icon" aria-hidden="true">
              <GlobeIcon />
            </span>
            <p className="empty-state__title">{readOnly ? 'No custom domains left' : 'No custom domains yet'}</p>
            <p>{readOnly ? 'Upgrade to Pro or Enterprise to add a domain again.' : 'Add a domain above, publish its DNS records, then verify it.'}</p>
          </div>
        ) : (
          <ul className="domains__rows">
            {domains.map((domain) => (
              <DomainRow
                key={domain.id}
                domain={domain}
                mode={mode}
                readOnly={readOnly}
                busy={busy === domain.id}
                check={checks[domain.id] ?? null}
                onVerify={() => void verify(domain)}
                onActivate={() => void activate(domain)}
                onDelete={() => setDeleting(domain)}
                onSetup={() => setSetup(domain)}
              />
            ))}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete custom domain"
        message="Delete this domain? Its existing short links and TRAI headers stop working at once, it can no longer be chosen for new links, and its name is freed for anyone to claim."
        itemName={deleting?.domain}
        onConfirm={() => (deleting ? remove(deleting) : undefined)}
        onClose={() => setDeleting(null)}
      />
      {mode === 'toasts' ? <DnsSetupDialog domain={setup ? (domains?.find((item) => item.id === setup.id) ?? setup) : null} onClose={() => setSetup(null)} onChanged={changed} /> : null}
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
  onDelete(): void;
  onSetup(): void;
}

function DomainRow({ domain, mode, readOnly, busy, check, onVerify, onActivate, onDelete, onSetup }: RowProps) {
  const titleId = useId();
  const badge = CLAIM_BADGES[domain.status];
  const notice = claimNotice(domain);
  // A claim another account won, or one left pending too long, can only be deleted; so can everything after a downgrade.
  const actionable = !readOnly && canVerify(domain);
  return (
    <li className="domain-row" data-domain={domain.domain} aria-labelledby={titleId} aria-busy={busy}>
      <div className="domain-row__main">
        <div className="domain-row__name">
          <span className="domain-row__icon" aria-hidden="true">
            <GlobeIcon />
          </span>
          <h3 id={titleId} className="domain-row__title">
            {domain.domain}
          </h3>
          <span className="domain-row__badges">
            <span className={`badge badge--${badge.tone}`} data-state={domain.status === 'pending' ? 'unverified' : domain.status}>
              {domain.status === 'verified' ? <CheckIcon /> : null}
              {badge.text}
            </span>
            {domain.is_active ? (
              <span className="badge badge--info" data-state="active">
                Active
              </span>
            ) : null}
          </span>
        </div>
        <div className="domain-row__actions">
          {!actionable ? null : mode === 'toasts' ? (
            <button type="button" className="button button--secondary button--sm" onClick={onSetup} disabled={busy} aria-describedby={titleId}>
              <SettingsIcon />
              DNS setup
            </button>
          ) : (
            <button type="button" className="button button--secondary button--sm" onClick={onVerify} disabled={busy} aria-describedby={titleId}>
              {busy ? <Spinner size="sm" /> : <RefreshIcon />}
              Verify
            </button>
          )}
          {actionable && domain.dns_verified && !domain.is_active ? (
            <button type="button" className="button button--primary button--sm" onClick={onActivate} disabled={busy} aria-describedby={titleId}>
              Set as Active
            </button>
          ) : null}
          <button type="button" className="button button--ghost button--sm domain-row__delete" onClick={onDelete} disabled={busy} aria-describedby={titleId}>
            <TrashIcon />
            Delete
          </button>
        </div>
      </div>
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
    </li>
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
