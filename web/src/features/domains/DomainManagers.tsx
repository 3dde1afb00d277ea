import './domains.css';
import { CustomDomainsPanel } from './CustomDomainsPanel.tsx';
import { TraiPanel } from './TraiPanel.tsx';
import { ForDomainReaders } from './domains-for-role.tsx';

/* The panels as Developer Tools shows them: outcomes as toasts, DNS setup in a dialog. */

/** Domain management with a DNS setup dialog (Verify Now) per domain. */
export function DomainManager({ onChanged }: { onChanged?(): void }) {
  return (
    <ForDomainReaders>
      <CustomDomainsPanel mode="toasts" onChanged={onChanged} />
    </ForDomainReaders>
  );
}

/** TRAI headers: the list and the add form. */
export function TraiManager({ onChanged }: { onChanged?(): void }) {
  return (
    <ForDomainReaders>
      <TraiPanel mode="toasts" onChanged={onChanged} />
    </ForDomainReaders>
  );
}
