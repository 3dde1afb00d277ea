import { ApiKeyCard } from './ApiKeyCard.tsx';
import { SecurityTips } from './SecurityTips.tsx';
import { UsageExamples } from './UsageExamples.tsx';
import { useApiKey } from './useApiKey.ts';
import './developer.css';
import { PageHeader } from '../../ui/PageHeader.tsx';

/** API Key Management (docs/developer-api.md#api-keys): the key (generated on the first visit), usage examples and security tips. */
export default function ApiKeysPage() {
  const apiKey = useApiKey();
  return (
    <div className="developer">
      <PageHeader title="API Key Management" subtitle="Create links and read analytics from your own code." />
      <div className="developer__layout">
        <div className="stack">
          <ApiKeyCard state={apiKey} />
          <UsageExamples apiKey={apiKey.response?.api_key ?? ''} visible={apiKey.visible} />
        </div>
        <aside className="stack" aria-label="About API keys">
          <SecurityTips />
        </aside>
      </div>
    </div>
  );
}
