import './domains.css';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { CustomDomainsPanel } from './CustomDomainsPanel.tsx';
import { FeatureGate } from './FeatureGate.tsx';
import { TraiPanel } from './TraiPanel.tsx';
import { useCustomDomains } from './domain-queries.ts';
import { UpgradePrompt } from './UpgradePrompt.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { DOMAINS_CHANGE, ForDomainReaders } from './domains-for-role.tsx';
import { RoleNotice, useWorkspaceAccess } from '../workspaces/index.ts';

const TAB_IDS = ['custom', 'trai'] as const;

/** Custom domains are on the Pro and Enterprise plans; the custom tab explains so to everyone else. */
const CUSTOM_DOMAINS_PROMPT = 'Custom domains are available on the Pro or Enterprise plan. Upgrade to serve your short links from your own branded domain.';

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
        <FeatureGate feature="custom_domains" prompt={CUSTOM_DOMAINS_PROMPT} fallback={<DomainsWithoutFeature />}>
          <CustomDomainsPanel mode="page" />
        </FeatureGate>
      ),
    },
    { id: 'trai', label: 'TRAI Headers', content: <TraiPanel mode="page" /> },
  ];
  return (
    <div className="custom-domains-page">
      <PageHeader
        title="Custom Domains and TRAI Compliance"
        subtitle="Serve short links from your own domain, and register the sender headers SMS links need in India."
      />
      <ForDomainReaders>
        <Tabs
          label="Custom domains and TRAI headers"
          tabs={tabs}
          selected={selected}
          onSelect={(tab) => setParams(tab === 'custom' ? {} : { tab }, { replace: true })}
        />
      </ForDomainReaders>
    </div>
  );
}

/**
 * The custom tab without the feature: domains kept from a paid plan stay listed, read-only with
 * Delete (docs/domains.md#after-a-downgrade); with none, the upgrade prompt.
 */
function DomainsWithoutFeature() {
  const { data, loading } = useCustomDomains();
  const mayChange = useWorkspaceAccess().allows('domains:write');
  // Once shown, the read-only list stays while its last domain is deleted, so the outcome is seen.
  const [kept, setKept] = useState(false);
  if (!kept && data?.length) setKept(true);
  if (loading && !data) {
    return (
      <div className="card domains__loading" aria-busy="true">
        <span className="skeleton" style={{ width: '100%', height: '4rem' }} aria-hidden="true" />
        <span className="visually-hidden">Loading…</span>
      </div>
    );
  }
  if (kept || data?.length) return <CustomDomainsPanel mode="page" readOnly />;
  // Upgrading is offered to a role that would then add domains; any other is told whose they are.
  return mayChange ? <UpgradePrompt text={CUSTOM_DOMAINS_PROMPT} /> : <RoleNotice permission="domains:write" action={DOMAINS_CHANGE} />;
}
