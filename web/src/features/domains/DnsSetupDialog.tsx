import { useCallback, useState } from 'react';
import { errorText } from '../../api/client.ts';
import { Modal } from '../../ui/Modal.tsx';
import { RefreshIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';
import { toast } from '../../ui/toasts.ts';
import { DnsRecordsTable } from './DnsRecords.tsx';
import { domainChecked } from './domain-queries.ts';
import { TOOLS_VERIFY_FAILED, checkLabel, verificationFailedText } from './domain-rules.ts';
import { domainsApi, type CustomDomain, type DnsGuide, type Verification, type Verified } from './domains-api.ts';
import { FlashLine, useFlash } from './useFlash.tsx';

/**
 * Developer Tools' DNS setup for one domain: the records to publish (each domain carries
 * them, with this service's address; opening the dialog asks DNS nothing), what a check
 * found still missing, and Verify Now.
 */
export function DnsSetupDialog({ domain, onClose, onChanged }: { domain: CustomDomain | null; onClose(): void; onChanged(): Promise<void> }) {
  return (
    <Modal title={domain ? `DNS setup for ${domain.domain}` : 'DNS setup'} open={domain !== null} onClose={onClose} size="lg">
      {domain ? <DnsSetup key={domain.id} domain={domain} onChanged={onChanged} onClose={onClose} /> : null}
    </Modal>
  );
}

function DnsSetup({ domain, onChanged, onClose }: { domain: CustomDomain; onChanged(): Promise<void>; onClose(): void }) {
  const [guide, setGuide] = useState<DnsGuide>(domain.dns_instructions);
  const [pending, setPending] = useState<Verification | null>(null);
  const [checking, setChecking] = useState(false);
  const { flash, show } = useFlash();

  /** A check's answer; `announce` for Verify Now (the opening check reports quietly). */
  const settle = useCallback(
    async (check: Promise<Verified>, announce: boolean) => {
      try {
        const answer = await check;
        const result = answer.verification_result;
        domainChecked(answer.domain);
        setGuide(result.dns_instructions);
        setPending(result.fully_verified ? null : result);
        if (announce && result.fully_verified) {
          show({ tone: 'success', title: 'Domain Verified', text: answer.message });
          toast('Domain Verified', 'success', answer.message);
        } else if (announce) {
          show({
            tone: 'error',
            title: 'Verification Failed',
            text: result.failed_checks.length ? verificationFailedText(result) : answer.message || TOOLS_VERIFY_FAILED,
          });
        }
        await onChanged();
      } catch (failure) {
        if (announce) show({ tone: 'error', title: 'Verification Failed', text: errorText(failure, TOOLS_VERIFY_FAILED) });
      } finally {
        setChecking(false);
      }
    },
    [onChanged, show],
  );

  const verifyNow = () => {
    setChecking(true);
    show(null);
    void settle(domainsApi.verify(domain.id), true);
  };

  return (
    <div className="stack dns-setup">
      <p className="dns-setup__status">
        Status: {domain.dns_verified ? <span className="badge badge--success">Verified</span> : <span className="badge badge--warning">Unverified</span>}
        {domain.is_active ? <span className="badge badge--info">Active</span> : null}
      </p>
      <p>
        Publish these records at your DNS provider (where <strong>{domain.domain}</strong> is managed), then select Verify Now. One TXT record proves the domain
        is yours; an A record, or the CNAME instead, points it at this service.
      </p>
      <DnsRecordsTable guide={guide} caption={`DNS records for ${domain.domain}`} />
      {pending && !flash ? (
        <div className="dns-setup__missing">
          <p className="dns-setup__missing-title">Still to do: {pending.failed_checks.map(checkLabel).join(', ')}</p>
          <ul className="check-details__messages">
            {pending.messages.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <FlashLine flash={flash} />
      {flash?.tone === 'error' && pending?.messages.length ? (
        <ul className="check-details__messages">
          {pending.messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      <div className="dns-setup__footer cluster cluster--end">
        <button type="button" className="button button--secondary" onClick={onClose}>
          Done
        </button>
        <button type="button" className="button button--primary" onClick={verifyNow} disabled={checking}>
          {checking ? <Spinner size="sm" /> : <RefreshIcon />}
          {checking ? 'Checking…' : 'Verify Now'}
        </button>
      </div>
    </div>
  );
}
