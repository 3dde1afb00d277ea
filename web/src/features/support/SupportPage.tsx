import './support.css';
import { useSearchParams } from 'react-router';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { ContactTab } from './ContactTab.tsx';
import { FaqTab } from './FaqTab.tsx';
import { ResourcesTab } from './ResourcesTab.tsx';

const TAB_IDS = ['faq', 'contact', 'resources'] as const;

/** /support (signed in, docs/support.md): the faq, contact and resources tabs, the tab kept in `?tab=`. */
export default function SupportPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const selected = TAB_IDS.find((id) => id === asked) ?? 'faq';
  const tabs: TabItem[] = [
    { id: 'faq', label: 'FAQ', content: <FaqTab /> },
    { id: 'contact', label: 'Contact', content: <ContactTab /> },
    { id: 'resources', label: 'Resources', content: <ResourcesTab /> },
  ];
  return (
    <div className="support-page">
      <header className="page-header">
        <div>
          <h1 className="page-title">Help &amp; Support</h1>
          <p className="page-subtitle">Answers to common questions, a way to reach us, and where to read more.</p>
        </div>
      </header>
      <Tabs label="Support sections" tabs={tabs} selected={selected} onSelect={(tab) => setParams(tab === 'faq' ? {} : { tab }, { replace: true })} />
    </div>
  );
}
