import { Suspense, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSubscription } from '../billing/index.ts';
import { DomainManager, TraiManager, UpgradePrompt } from '../domains/index.ts';
import { BookIcon, GlobeIcon, KeyIcon } from '../../ui/icons.tsx';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { ApiKeyCard } from './ApiKeyCard.tsx';
import { DomainStatusCard } from './DomainStatusCard.tsx';
import { useApiKey } from './useApiKey.ts';
import './developer.css';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

/**
 * Developer Tools (docs/web-app.md#developer-screens): the API tab (key and domain status),
 * the domains tab (domain management with a DNS setup dialog per domain, or an upgrade
 * notice when the plan lacks custom domains) and the trai tab (TRAI headers).
 */
export default function DeveloperToolsPage() {
  const apiKey = useApiKey();
  const { subscription, failed } = useSubscription();
  const [params, setParams] = useSearchParams();
  const [tab, setTab] = useState(params.get('tab') ?? 'api');
  // Until the subscription is known the domains tab is left out rather than guessed.
  const hasCustomDomains = subscription ? subscription.features.custom_domains === true : failed ? false : null;

  const tabs: TabItem[] = [
    {
      id: 'api',
      label: 'API',
      content: (
        <div className="developer__layout">
          <div className="stack">
            <ApiKeyCard state={apiKey} />
          </div>
          <aside className="stack" aria-label="Domains and documentation">
            <DomainStatusCard domains={apiKey.response?.domains ?? null} loading={apiKey.loading} />
            <TitledCard className="next-steps" titleId="next-steps-title" title="Next steps">
              <ul className="next-steps__list">
                <li>
                  <Link to="/api-keys" className="next-steps__link">
                    <KeyIcon />
                    <span>
                      <span className="next-steps__name">Usage examples</span>
                      <span className="next-steps__text">curl for every call, with your key</span>
                    </span>
                  </Link>
                </li>
                <li>
                  <Link to="/custom-domains" className="next-steps__link">
                    <GlobeIcon />
                    <span>
                      <span className="next-steps__name">Custom domains and TRAI headers</span>
                      <span className="next-steps__text">Serve links from your own domain or under your sender header</span>
                    </span>
                  </Link>
                </li>
                <li>
                  <Link to="/docs" className="next-steps__link">
                    <BookIcon />
                    <span>
                      <span className="next-steps__name">API documentation</span>
                      <span className="next-steps__text">Endpoints, status codes, JavaScript and Python</span>
                    </span>
                  </Link>
                </li>
              </ul>
            </TitledCard>
          </aside>
        </div>
      ),
    },
  ];
  // The domain card on the API tab shows the active domain and header: read the key's answer again after a change.
  const domainsChanged = apiKey.reload;
  if (hasCustomDomains !== null) {
    tabs.push({
      id: 'domains',
      label: 'Domains',
      content: hasCustomDomains ? (
        <Suspense fallback={<PanelLoading />}>
          <DomainManager onChanged={domainsChanged} />
        </Suspense>
      ) : (
        <UpgradePrompt text="Custom domains are available on the Pro or Enterprise plan. Upgrade to serve your short links from your own branded domain." />
      ),
    });
  }
  tabs.push({
    id: 'trai',
    label: 'TRAI',
    content: (
      <Suspense fallback={<PanelLoading />}>
        <TraiManager onChanged={domainsChanged} />
      </Suspense>
    ),
  });

  return (
    <div className="developer">
      <PageHeader title="Developer Tools" subtitle="Your API key and the domains your links are served on." />
      <Tabs
        label="Developer tools"
        tabs={tabs}
        selected={tab}
        onSelect={(id) => {
          setTab(id);
          setParams(id === 'api' ? {} : { tab: id }, { replace: true });
        }}
      />
    </div>
  );
}

function PanelLoading() {
  return (
    <div className="card" aria-busy="true">
      <span className="skeleton" style={{ width: '40%', height: '1.25rem' }} aria-hidden="true" />
      <span className="visually-hidden">Loading…</span>
    </div>
  );
}
