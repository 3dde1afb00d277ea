import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { featureEdgesOf, serviceLayers } from './service-layers.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

// The TypeScript parser, so that type-only imports are checked too.
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' } });
const options = [{ sourceRoot: '/app/src', edges: { links: ['billing', 'domains'], admin: ['links'] } }];
const at = (file: string, code: string) => ({ filename: `/app/src/${file}`, code, options });

tester.run('service-layers', serviceLayers, {
  valid: [
    at('links/routes.ts', "import { quota } from './link-quota.ts';"),
    at('links/public-api/shorten.ts', "import { x } from '../link-response.ts';"),
    at('links/routes.ts', "import { currentPlan } from '../billing/index.ts';"),
    at('links/routes.ts', "import type { Platform } from '../platform/platform.ts';"),
    at('links/routes.ts', "import { handleCommand } from '../commands/command-handler.ts';"),
    at('admin/links-routes.ts', "export { toLinkResponse } from '../links/index.ts';"),
    at('http/access.ts', "import { forbidden } from '../commands/domain-error.ts';"),
    at('stores/analytics/analytics-owner-server.ts', "import { asClickHouseError } from './clickhouse-error.ts';"),
    at('server/app.ts', "import { linksFeature } from '../links/links-feature.ts';"),
    at('testing/test-app.ts', "import { openPlatform } from '../server/open-platform.ts';"),
    at('http/openapi.test.ts', "import { signUp } from '../accounts/register.ts';"),
    at('stores/analytics/analytics-store.contract.ts', "import { linkAnalytics } from '../../links/analytics-queries.ts';"),
    at('links/routes.ts', "import { z } from 'zod';"),
  ],
  invalid: [
    { ...at('http/access.ts', "import { requireCaller } from '../accounts/authenticate.ts';"), errors: [{ messageId: 'layerOnFeature' }] },
    { ...at('commands/command-handler.ts', "import { x } from '../links/index.ts';"), errors: [{ messageId: 'layerOnFeature' }] },
    { ...at('stores/analytics/owner.ts', "import type { SqlEngine } from '../../analysts/sql-engine.ts';"), errors: [{ messageId: 'layerOnFeature' }] },
    { ...at('platform/platform.ts', "import type { Payments } from '../payments/index.ts';"), errors: [{ messageId: 'layerOnFeature' }] },
    { ...at('mail/mailer.ts', "const box = import('../accounts/oauth/secret-box.ts');"), errors: [{ messageId: 'layerOnFeature' }] },
    { ...at('links/routes.ts', "import { currentPlan } from '../billing/current-plan.ts';"), errors: [{ messageId: 'throughIndex' }] },
    { ...at('admin/x.ts', "export * from '../links/link-state.ts';"), errors: [{ messageId: 'throughIndex' }] },
    { ...at('links/routes.ts', "import { x } from '../payments/index.ts';"), errors: [{ messageId: 'unlistedEdge' }] },
    { ...at('billing/plans.ts', "import { x } from '../links/index.ts';"), errors: [{ messageId: 'unlistedEdge' }] },
    { ...at('links/routes.ts', "import { openPlatform } from '../server/open-platform.ts';"), errors: [{ messageId: 'onComposition' }] },
    { ...at('http/request-context.ts', "import type { X } from '../server/open-platform.ts';"), errors: [{ messageId: 'onComposition' }] },
  ],
});

describe('featureEdgesOf', () => {
  it('reads one line per feature from the Dependency rules section only', () => {
    const markdown = [
      '## Packages',
      '- `web` → `contracts`',
      '## Dependency rules',
      'Features depend on:',
      '- `links` → `billing`, `domains`',
      '- `admin` → `links`',
      '## Time',
      '- `clock` → `nothing`',
    ].join('\n');
    expect(featureEdgesOf(markdown)).toEqual({ links: ['billing', 'domains'], admin: ['links'] });
  });

  it('refuses a page without the section', () => {
    expect(() => featureEdgesOf('## Packages\n')).toThrow('Dependency rules');
  });
});
