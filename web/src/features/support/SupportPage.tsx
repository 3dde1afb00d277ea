import './support.css';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth/index.ts';
import { Tabs, type TabItem } from '../../ui/Tabs.tsx';
import { ContactTab } from './ContactTab.tsx';
import { FaqTab } from './FaqTab.tsx';
import { ResourcesTab } from './ResourcesTab.tsx';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

const TAB_IDS = ['faq', 'contact', 'resources'] as const;

/**
 * /support (docs/support.md): the faq, contact and resources tabs, the tab kept in `?tab=`.
 * Anyone may read the FAQ and the resources; writing to support needs an account, and the
 * contact tab tells a visitor so.
 */
export default function SupportPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const selected = TAB_IDS.find((id) => id === asked) ?? 'faq';
  const signedIn = useSession((s) => s.status === 'signed-in');
  const tabs: TabItem[] = [
    { id: 'faq', label: 'FAQ', content: <FaqTab /> },
    { id: 'contact', label: 'Contact', content: signedIn ? <ContactTab /> : <SignInToWrite /> },
    { id: 'resources', label: 'Resources', content: <ResourcesTab /> },
  ];
  return (
    <div className="support-page">
      <PageHeader title="Help & Support" subtitle="Answers to common questions, a way to reach us, and where to read more." />
      <Tabs label="Support sections" tabs={tabs} selected={selected} onSelect={(tab) => setParams(tab === 'faq' ? {} : { tab }, { replace: true })} />
    </div>
  );
}

/** The contact tab for a visitor: tickets belong to an account, so writing needs one. */
function SignInToWrite() {
  return (
    <TitledCard className="stack gap-3 support-signin" titleId="support-signin-title" title="Sign in to write to us">
      <p>
        Support requests belong to an account, so we can answer you by e-mail and you can follow the conversation here. Sign in, or create a free account, to
        write one.
      </p>
      <p className="cluster gap-3 support-signin__actions">
        <Link className="button button--primary" to="/login" state={{ from: '/support?tab=contact' }}>
          Sign in
        </Link>
        <Link className="button button--secondary" to="/register">
          Create an account
        </Link>
      </p>
    </TitledCard>
  );
}
