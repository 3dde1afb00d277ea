import { GlobeIcon } from '../../ui/icons.tsx';
import { CardHead } from './CardHead.tsx';
import type { ApiKeyResponse } from '../../api/endpoints.ts';

/** The domains links made with the key are served on, and where they go now (docs/developer-api.md#where-api-links-go). */
export function DomainStatusCard({ domains, loading }: { domains: ApiKeyResponse['domains'] | null; loading: boolean }) {
  const rows = [
    {
      label: 'Active custom domain',
      value: domains?.active_custom_domain ?? null,
      hint: 'API links go on this domain, unless an active TRAI header names its own.',
    },
    {
      label: 'Active TRAI header',
      value: domains?.active_trai_header ?? null,
      hint: 'API links carry this sender header in their path, on the header’s own domain.',
    },
  ];
  return (
    <section className="card domain-status" aria-labelledby="domain-status-title" aria-busy={loading}>
      <CardHead block="domain-status" id="domain-status-title" icon={<GlobeIcon />} title="Domain status" />
      <dl className="domain-status__list">
        {rows.map((row) => (
          <div key={row.label} className="domain-status__row">
            <dt>{row.label}</dt>
            <dd>
              {loading ? (
                <span className="skeleton" style={{ width: '6rem', height: '1.25rem' }} aria-hidden="true" />
              ) : row.value ? (
                <span className="badge badge--success">{row.value}</span>
              ) : (
                <span className="badge">None</span>
              )}
              <span className="domain-status__hint">{row.hint}</span>
            </dd>
          </div>
        ))}
        {domains && !loading ? (
          <div className="domain-status__row">
            <dt>New API links start with</dt>
            <dd>
              <code className="code-inline domain-status__prefix" data-testid="api-links-at">
                {domains.api_links_at}
              </code>
            </dd>
          </div>
        ) : null}
      </dl>
      <p className="domain-status__note">
        With neither active, API links use this site’s own address. A call can name another of your verified domains or headers, or this site’s address,
        instead.
      </p>
    </section>
  );
}
