import './domains.css';
import { CustomDomainsPanel } from './CustomDomainsPanel.tsx';
import { TraiPanel } from './TraiPanel.tsx';

/* The panels as Developer Tools shows them: outcomes as toasts, DNS setup in a dialog. */

/** Domain management with a DNS setup dialog (Verify Now) per domain. */
export function DomainManager({ onChanged }: { onChanged?(): void }) {
  return <CustomDomainsPanel mode="toasts" onChanged={onChanged} />;
}

/** TRAI headers: the list and the add form. */
export function TraiManager({ onChanged }: { onChanged?(): void }) {
  return <TraiPanel mode="toasts" onChanged={onChanged} />;
}
