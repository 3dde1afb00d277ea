import './domains.css';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { CustomDomainsPanel } from './CustomDomainsPanel.tsx';
import { FeatureGate } from './FeatureGate.tsx';
import { TraiPanel } from './TraiPanel.tsx';

const TAB_IDS = ['custom', 'trai'] as const;

/** Custom domains are on the Pro and Enterprise plans; the custom tab explains so to everyone else. */
export const CUSTOM_DOMAINS_PROMPT = 'Custom domains are available on the Pro or Enterprise plan. Upgrade to serve your short links from your own branded domain.';

/** /custom-domains (signed in): the custom tab (behind the custom_domains feature) and the trai tab, the tab kept in `?tab=`. */
export default function CustomDomainsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const selected = TAB_IDS.find((id) => id === asked) ?? 'custom';
  const tabs: TabItem[] = [
    {
      id: 'custom',
      label: 'Custom Domains',
      content: (
        <FeatureGate feature="custom_domains" prompt={CUSTOM_DOMAINS_PROMPT}>
          <CustomDomainsPanel mode="page" />
        </FeatureGate>
      ),
    },
    { id: 'trai', label: 'TRAI Headers', content: <TraiPanel mode="page" /> },
  ];
  return (
    <div className="custom-domains-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">Custom Domains and TRAI Compliance</h1>
          <p className="page-subtitle">Serve short links from your own domain, and register the sender headers SMS links need in India.</p>
        </div>
      </header>
      <Tabs label="Custom domains and TRAI headers" tabs={tabs} selected={selected} onSelect={(tab) => setParams(tab === 'custom' ? {} : { tab }, { replace: true })} />
    </div>
  );
}
