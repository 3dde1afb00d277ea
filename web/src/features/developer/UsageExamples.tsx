import { Link } from 'react-router';
import { maskApiKey } from './api-key.ts';
import { CodeSample } from './CodeSample.tsx';
import { API_EXAMPLES, KEY_PLACEHOLDER } from './api-examples.ts';
import { TitledCard } from '../../ui/TitledCard.tsx';

/** curl for each public call, on this server's address, with the key masked unless it is shown. */
export function UsageExamples({ apiKey, visible }: { apiKey: string; visible: boolean }) {
  const origin = location.origin;
  const real = apiKey || KEY_PLACEHOLDER;
  const shownKey = apiKey && !visible ? maskApiKey(apiKey) : real;
  return (
    <TitledCard className="usage-examples" titleId="usage-examples-title" title="Usage examples">
      <p className="card__subtitle">
        {apiKey && !visible ? 'Your key is masked here; the copy buttons copy it in full.' : 'Ready to paste into a terminal.'} More in the{' '}
        <Link className="text-link" to="/docs">
          API documentation
        </Link>
        .
      </p>
      <div className="usage-examples__list">
        {API_EXAMPLES.map((example) => (
          <div key={example.id} className="stack gap-2 usage-example">
            <h3 className="usage-example__title">
              <span className={`method method--${example.method.toLowerCase()}`}>{example.method}</span>
              <code>{example.path}</code>
              <span className="usage-example__name">{example.title}</span>
            </h3>
            <CodeSample title={example.title} language="curl" shown={example.code.curl(origin, shownKey)} copied={example.code.curl(origin, real)} />
          </div>
        ))}
      </div>
    </TitledCard>
  );
}
