import { ShieldIcon } from '../../ui/icons.tsx';
import { traiHostForm, traiStatus } from './domain-rules.ts';
import type { TraiHeader } from './domains-api.ts';
import { DomainItemRow } from './DomainItemRow.tsx';

const STATUS_BADGES = {
  ready: { className: 'badge badge--success', text: 'Ready' },
  verified: { className: 'badge badge--success', text: 'Verified' },
  pending: { className: 'badge badge--warning', text: 'Pending verification' },
  awaiting_approval: { className: 'badge badge--warning', text: 'Awaiting approval' },
  rejected: { className: 'badge badge--danger', text: 'Rejected' },
} as const;

interface TraiRowProps {
  trai: TraiHeader;
  host: string;
  readOnly: boolean;
  busy: boolean;
  onVerify(): void;
  onActivate(): void;
  /** Absent for a role that may not change the workspace's headers. */
  onDelete?(): void;
}

/** One TRAI header of the list: where its links go, its status (and an administrator's review of it), its actions. */
export function TraiRow({ trai, host, readOnly, busy, onVerify, onActivate, onDelete }: TraiRowProps) {
  const status = traiStatus(trai);
  const badge = STATUS_BADGES[status];
  return (
    <DomainItemRow
      className="trai-row"
      data={{ 'data-header': trai.header, 'data-host': trai.domain ?? host }}
      icon={<ShieldIcon />}
      name={trai.header}
      detail={traiHostForm(trai, host)}
      status={{ className: badge.className, state: status, text: badge.text, checked: status === 'ready' || status === 'verified' }}
      active={trai.is_active}
      extraBadge={<span className="badge">{trai.domain_type === 'our_domain' ? 'Our domain' : 'Custom domain'}</span>}
      busy={busy}
      onVerify={!readOnly && trai.domain_type === 'custom_domain' && !trai.dns_verified ? onVerify : undefined}
      onActivate={!readOnly && trai.dns_verified && !trai.is_active ? onActivate : undefined}
      onDelete={onDelete}
    >
      {status === 'awaiting_approval' ? (
        <p className="domain-row__notice" data-testid="approval-notice">
          An administrator checks{' '}
          {trai.dlt_registration_id ? (
            <>
              the DLT registration <code className="code-inline">{trai.dlt_registration_id}</code>
            </>
          ) : (
            'your DLT registration'
          )}{' '}
          before links can use this header.
        </p>
      ) : status === 'rejected' ? (
        <p className="domain-row__notice domain-row__notice--error" data-testid="approval-notice">
          Rejected by an administrator{trai.rejection_reason ? `: ${trai.rejection_reason}` : '.'} Delete it, or register it again with your DLT registration
          id.
        </p>
      ) : null}
    </DomainItemRow>
  );
}
