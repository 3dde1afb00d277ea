import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { featureBoundaries } from './feature-boundaries.js';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const options = [{ sourceRoot: '/app/src' }];
const at = (file: string, code: string) => ({ filename: `/app/src/${file}`, code, options });

tester.run('feature-boundaries', featureBoundaries, {
  valid: [
    at('features/links/LinksPanel.tsx', "import { Row } from './LinkRow.tsx';"),
    at('features/links/sub/Deep.tsx', "import { x } from '../LinkRow.tsx';"),
    at('features/links/DashboardPage.tsx', "import { useSubscription } from '../billing/index.ts';"),
    at('features/links/DashboardPage.tsx', "import { api } from '../../api/client.ts';"),
    at('App.tsx', "import { DashboardPage } from './features/links/index.ts';"),
    at('shell/AppShell.tsx', "export { CreateLinkModal } from '../features/links/index.ts';"),
    at('ui/Modal.tsx', "import { Spinner } from './Spinner.tsx';"),
    at('features/links/DashboardPage.tsx', "import { LiveMarker } from '../../live/LiveMarker.tsx';"),
    at('shell/AppShell.tsx', "import { LiveMarker } from '../live/LiveMarker.tsx';"),
    at('features/links/x.ts', "import { z } from 'zod';"),
  ],
  invalid: [
    { ...at('features/links/DashboardPage.tsx', "import { useSubscription } from '../billing/subscription.ts';"), errors: [{ messageId: 'throughIndex' }] },
    { ...at('site/LandingPage.tsx', "import { PlanCards } from '../features/billing/PlanCards.tsx';"), errors: [{ messageId: 'throughIndex' }] },
    { ...at('App.tsx', "const page = import('./features/links/DashboardPage.tsx');"), errors: [{ messageId: 'throughIndex' }] },
    { ...at('features/auth/x.ts', "export * from '../billing/usage.ts';"), errors: [{ messageId: 'throughIndex' }] },
    { ...at('ui/Modal.tsx', "import { useSession } from '../features/auth/index.ts';"), errors: [{ messageId: 'sharedLayer' }] },
    { ...at('live/live.ts', "import { x } from '../features/links/link-queries.ts';"), errors: [{ messageId: 'sharedLayer' }] },
    { ...at('live/LiveMarker.tsx', "import { APP_VERSION } from '../shell/AppShell.tsx';"), errors: [{ messageId: 'sharedOnFrame' }] },
    { ...at('ui/Footer.tsx', "export { SiteFrame } from '../site/SiteFrame.tsx';"), errors: [{ messageId: 'sharedOnFrame' }] },
  ],
});
