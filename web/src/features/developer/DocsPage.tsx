import { useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../auth/index.ts';
import { useSubscription, limitLabel } from '../billing/index.ts';
import { CopyButton } from '../../ui/CopyButton.tsx';
import { ExternalIcon, KeyIcon } from '../../ui/icons.tsx';
import { Tabs } from '../../ui/Tabs.tsx';
import { CodeSample } from './CodeSample.tsx';
import { API_EXAMPLES, KEY_PLACEHOLDER, LANGUAGES, SHORTEN_STATUSES, type Language } from './api-examples.ts';
import { ENDPOINTS } from './docs-endpoints.ts';
import './developer.css';
import { PageHeader } from '../../ui/PageHeader.tsx';
import { TitledCard } from '../../ui/TitledCard.tsx';

/** An id-safe form of a path ("/api/urls/{id}" → "api-urls-id"). */
const slug = (path: string) => path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '');

const DOC_TABS = ['overview', 'authentication', 'endpoints', 'examples'] as const;
const TAB_LABELS: Record<(typeof DOC_TABS)[number], string> = {
  overview: 'Overview',
  authentication: 'Authentication',
  endpoints: 'Endpoints',
  examples: 'Examples',
};

/** The API documentation screen (docs/developer-api.md#documentation-screen): overview, authentication, endpoints and examples of the public API; anyone may read it. */
export default function DocsPage() {
  const [params, setParams] = useSearchParams();
  // The tab is kept here (instant) and mirrored into ?tab= so a link can open one.
  const [tab, setTab] = useState(params.get('tab') ?? 'overview');
  const base = `${location.origin}/api`;
  const content = { overview: <Overview base={base} />, authentication: <Authentication base={base} />, endpoints: <Endpoints />, examples: <Examples /> };
  return (
    <div className="developer docs">
      <PageHeader title="API Documentation" subtitle="Create short links and read their analytics from your own code.">
        <div className="docs__links cluster">
          <a className="button button--secondary" href="/api/docs" target="_blank" rel="noreferrer">
            Interactive docs <ExternalIcon />
          </a>
          <a className="button button--secondary" href="/api/openapi.json" target="_blank" rel="noreferrer">
            OpenAPI schema <ExternalIcon />
          </a>
        </div>
      </PageHeader>
      <Tabs
        label="API documentation sections"
        tabs={DOC_TABS.map((id) => ({ id, label: TAB_LABELS[id], content: content[id] }))}
        selected={tab}
        onSelect={(id) => {
          setTab(id);
          setParams(id === 'overview' ? {} : { tab: id }, { replace: true });
        }}
      />
    </div>
  );
}

function Overview({ base }: { base: string }) {
  return (
    <div className="docs__grid">
      <TitledCard className="stack gap-3 docs__section" titleId="docs-base-title" title="Base address">
        <p className="card__subtitle">Every call of the API starts here. Requests and answers are JSON; errors carry a detail text.</p>
        <div className="docs__base">
          <code className="docs__base-value" data-testid="api-base">
            {base}
          </code>
          <CopyButton text={() => base} label="Copy base address" size="sm" />
        </div>
        <ul className="docs__facts">
          <li>
            <strong>Authentication:</strong> your API key in the <code className="code-inline">X-API-Key</code> header.
          </li>
          <li>
            <strong>Rate limit:</strong> calls per minute by plan; over the limit the answer is 429 with Retry-After.
          </li>
          <li>
            <strong>Times:</strong> days are UTC, written YYYY-MM-DD.
          </li>
        </ul>
      </TitledCard>
      <TitledCard className="stack gap-3 docs__section" titleId="docs-start-title" title="Get started in three steps">
        <ol className="docs__steps">
          <li>
            <span className="docs__step-title">Get your key</span>
            <span className="docs__step-text">
              It is on the{' '}
              <Link to="/api-keys" className="text-link">
                API Keys
              </Link>{' '}
              page, created on your first visit.
            </span>
          </li>
          <li>
            <span className="docs__step-title">Create a link</span>
            <span className="docs__step-text">
              <code className="code-inline">POST /api/urls/api</code> with the address to shorten.
            </span>
          </li>
          <li>
            <span className="docs__step-title">Watch it work</span>
            <span className="docs__step-text">
              <code className="code-inline">GET /api/urls/{'{id}'}/analytics</code> for its clicks.
            </span>
          </li>
        </ol>
      </TitledCard>
      <TitledCard className="stack gap-3 docs__section docs__section--wide" titleId="docs-reference-title" title="Reference">
        <p className="card__subtitle">Generated from the same schemas the server checks requests with, so they are always current.</p>
        <div className="docs__reference">
          <a className="docs__reference-link" href="/api/docs" target="_blank" rel="noreferrer">
            <span className="docs__reference-name">Interactive docs</span>
            <span className="docs__reference-path">/api/docs</span>
            <span className="docs__reference-text">Try every call in the browser.</span>
          </a>
          <a className="docs__reference-link" href="/api/openapi.json" target="_blank" rel="noreferrer">
            <span className="docs__reference-name">OpenAPI schema</span>
            <span className="docs__reference-path">/api/openapi.json</span>
            <span className="docs__reference-text">Generate a client in your language.</span>
          </a>
        </div>
      </TitledCard>
    </div>
  );
}

/** The caller's own rate limit when signed in; a visitor reading the docs is pointed at the plans (docs/developer-api.md#documentation-screen). */
function RateLimitFact() {
  const signedIn = useSession((s) => s.status === 'signed-in');
  if (!signedIn) {
    return (
      <li>
        Calls per minute depend on your plan: see{' '}
        <Link to="/pricing" className="text-link">
          Pricing
        </Link>
        . Over the limit: 429 with a Retry-After header.
      </li>
    );
  }
  return <YourRateLimit />;
}

function YourRateLimit() {
  const { subscription } = useSubscription();
  const limits = subscription?.limits;
  const plan = subscription?.plan.display_name;
  return (
    <li>
      Calls per minute on your plan{plan ? ` (${plan})` : ''}: <strong>{limits ? limitLabel(limits.api_calls_per_minute) : 'see Usage & Limits'}</strong>. Over
      the limit: 429 with a Retry-After header.
    </li>
  );
}

function Authentication({ base }: { base: string }) {
  return (
    <div className="docs__grid">
      <TitledCard className="stack gap-3 docs__section" titleId="docs-key-title" title="API key in a header">
        <p className="docs__text">
          Send your key with every call in the <code className="code-inline">X-API-Key</code> header. The key acts as you: links it creates are yours and count
          towards your plan.
        </p>
        <CodeSample title="the X-API-Key header" language="HTTP" shown={`GET /api/urls HTTP/1.1\nHost: ${location.host}\nX-API-Key: ${KEY_PLACEHOLDER}`} />
        <p className="docs__text">
          A missing, wrong or replaced key is answered with <strong>401</strong> and a detail text:
        </p>
        <CodeSample
          title="a 401 answer"
          language="JSON"
          shown={`{\n  "detail": "Invalid API key. Send the key shown on your API Keys page as \\"X-API-Key: <key>\\"; a regenerated key replaces the old one at once."\n}`}
        />
      </TitledCard>
      <TitledCard className="stack gap-3 docs__section" titleId="docs-manage-title" title="Managing your key">
        <ul className="docs__facts">
          <li>You have one key. It is created the first time you open the API Keys page.</li>
          <li>Regenerating it replaces it at once: the old key is refused from then on.</li>
          <li>
            The compatible call <code className="code-inline">GET /api/shorten</code> takes the key as the <code className="code-inline">key</code> query
            parameter instead.
          </li>
          <li>
            Signed-in apps may send <code className="code-inline">Authorization: Bearer &lt;token&gt;</code> instead of a key.
          </li>
          <RateLimitFact />
        </ul>
        <Link to="/api-keys" className="button button--primary docs__cta">
          <KeyIcon /> Manage API key
        </Link>
        <p className="docs__text docs__muted">
          Base address: <code className="code-inline">{base}</code>
        </p>
      </TitledCard>
    </div>
  );
}

function Endpoints() {
  return (
    <div className="stack">
      {ENDPOINTS.map((endpoint) => (
        <section key={endpoint.path} className="card endpoint" aria-labelledby={`endpoint-${slug(endpoint.path)}`}>
          <h2 id={`endpoint-${slug(endpoint.path)}`} className="endpoint__title">
            <span className={`method method--${endpoint.method.toLowerCase()}`}>{endpoint.method}</span>
            <code>{endpoint.path}</code>
          </h2>
          <p className="docs__text">{endpoint.summary}</p>
          <p className="endpoint__auth">
            Authentication: <strong>{endpoint.auth}</strong>
          </p>
          <div className="endpoint__tables">
            <DocTable
              caption="Parameters"
              columns={['Name', 'In', 'Meaning']}
              rows={endpoint.params.map((param) => ({ key: param.name, cells: [<code className="code-inline">{param.name}</code>, param.where, param.text] }))}
            />
            <DocTable
              caption="Responses"
              columns={['Status', 'Meaning']}
              rows={endpoint.responses.map((response) => ({
                key: response.status,
                cells: [<StatusCode code={response.status} family={response.status[0]!} />, response.text],
              }))}
            />
          </div>
          {endpoint.path === '/api/shorten' ? (
            <DocTable
              caption="url.status"
              testId="shorten-statuses"
              columns={['Status', 'Meaning']}
              rows={SHORTEN_STATUSES.map((status) => ({
                key: String(status.code),
                cells: [<StatusCode code={String(status.code)} family={status.code === 7 ? '2' : '4'} />, status.meaning],
              }))}
            />
          ) : null}
        </section>
      ))}
    </div>
  );
}

/** One table of the endpoints tab: a caption, column headings and a row per entry. */
function DocTable({ caption, columns, rows, testId }: { caption: string; columns: string[]; rows: { key: string; cells: ReactNode[] }[]; testId?: string }) {
  return (
    <div className="table-wrap">
      <table className="table" data-testid={testId}>
        <caption className="endpoint__caption">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th scope="col" key={column}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) => (
                <td key={index}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** An HTTP (or url.status) code, coloured by its family: 2 for success, 4 for a refusal. */
function StatusCode({ code, family }: { code: string; family: string }) {
  return <span className={`status-code status-code--${family}`}>{code}</span>;
}

function Examples() {
  const [language, setLanguage] = useState<Language>('curl');
  const origin = location.origin;
  return (
    <div className="stack">
      <p className="docs__text">
        Replace <code className="code-inline">{KEY_PLACEHOLDER}</code> with the key from the{' '}
        <Link to="/api-keys" className="text-link">
          API Keys
        </Link>{' '}
        page. The examples use this server’s address.
      </p>
      <Tabs
        label="Example language"
        className="docs__languages"
        selected={language}
        onSelect={(id) => setLanguage(id as Language)}
        tabs={LANGUAGES.map((lang) => ({
          id: lang.id,
          label: lang.label,
          content: (
            <div className="stack">
              {API_EXAMPLES.map((example) => (
                <section key={example.id} className="card example" aria-labelledby={`example-${lang.id}-${example.id}`}>
                  <h2 id={`example-${lang.id}-${example.id}`} className="usage-example__title">
                    <span className={`method method--${example.method.toLowerCase()}`}>{example.method}</span>
                    <code>{example.path}</code>
                    <span className="usage-example__name">{example.title}</span>
                  </h2>
                  <p className="docs__text">{example.summary}</p>
                  <CodeSample title={example.title} language={lang.label} shown={example.code[lang.id](origin, KEY_PLACEHOLDER)} />
                </section>
              ))}
            </div>
          ),
        }))}
      />
    </div>
  );
}
