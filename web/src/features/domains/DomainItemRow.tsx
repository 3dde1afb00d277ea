import { useId, type ReactNode } from 'react';
import { CheckIcon, RefreshIcon, SettingsIcon, TrashIcon } from '../../ui/icons.tsx';
import { Spinner } from '../../ui/Spinner.tsx';

/** The row's status badge: its classes, the `data-state` tests read, its text, and whether it shows a tick. */
export interface StatusBadge {
  className: string;
  state: string;
  text: string;
  checked: boolean;
}

interface DomainItemRowProps {
  /** Classes beside `domain-row`, and the row's data attributes (what the tests find it by). */
  className?: string;
  data: Record<`data-${string}`, string>;
  icon: ReactNode;
  name: string;
  /** A second name line (a TRAI header's host form). */
  detail?: string;
  status: StatusBadge;
  active: boolean;
  extraBadge?: ReactNode;
  busy: boolean;
  /** Each action shows only when given. */
  onVerify?(): void;
  onSetup?(): void;
  onActivate?(): void;
  onDelete?(): void;
  /** What shows under the row: a notice, what a check found, the records to publish. */
  children?: ReactNode;
}

/** One custom domain or TRAI header in its panel's list: name, badges, Verify (or DNS setup), Set as Active, Delete. */
export function DomainItemRow({
  className,
  data,
  icon,
  name,
  detail,
  status,
  active,
  extraBadge,
  busy,
  onVerify,
  onSetup,
  onActivate,
  onDelete,
  children,
}: DomainItemRowProps) {
  const titleId = useId();
  const title = (
    <h3 id={titleId} className={detail === undefined ? 'domain-row__title' : 'domain-row__title trai-row__header'}>
      {name}
    </h3>
  );
  return (
    <li className={className ? `domain-row ${className}` : 'domain-row'} {...data} aria-labelledby={titleId} aria-busy={busy}>
      <div className="domain-row__main cluster cluster--between gap-3">
        <div className="domain-row__name">
          <span className="domain-row__icon" aria-hidden="true">
            {icon}
          </span>
          {detail === undefined ? (
            title
          ) : (
            <div className="trai-row__names">
              {title}
              <code className="trai-row__form">{detail}</code>
            </div>
          )}
          <span className="domain-row__badges">
            <span className={status.className} data-state={status.state}>
              {status.checked ? <CheckIcon /> : null}
              {status.text}
            </span>
            {active ? (
              <span className="badge badge--info" data-state="active">
                Active
              </span>
            ) : null}
            {extraBadge}
          </span>
        </div>
        <div className="domain-row__actions cluster">
          {onSetup ? (
            <button type="button" className="button button--secondary button--sm" onClick={onSetup} disabled={busy} aria-describedby={titleId}>
              <SettingsIcon />
              DNS setup
            </button>
          ) : onVerify ? (
            <button type="button" className="button button--secondary button--sm" onClick={onVerify} disabled={busy} aria-describedby={titleId}>
              {busy ? <Spinner size="sm" /> : <RefreshIcon />}
              Verify
            </button>
          ) : null}
          {onActivate ? (
            <button type="button" className="button button--primary button--sm" onClick={onActivate} disabled={busy} aria-describedby={titleId}>
              Set as Active
            </button>
          ) : null}
          {onDelete ? (
            <button type="button" className="button button--ghost button--sm domain-row__delete" onClick={onDelete} disabled={busy} aria-describedby={titleId}>
              <TrashIcon />
              Delete
            </button>
          ) : null}
        </div>
      </div>
      {children}
    </li>
  );
}
