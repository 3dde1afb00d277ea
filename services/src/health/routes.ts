import { HealthResponse } from '@linkledger/contracts';
import { documentedAs } from '../http/feature-routes.ts';

import { checkStores } from './store-check.ts';
import { publicRoutes } from '../http/declared-routes.ts';

export const healthRoutes = documentedAs('platform', async (app, platform) => {
  const anyone = publicRoutes(app);

  anyone.get('/api/health', {
    summary: 'Each store’s status; 503 names the store that is down',
    response: { 200: HealthResponse, 503: HealthResponse },
    handler: async ({ reply }) => {
      const [events, read, analytics] = await checkStores(platform);
      const stores = { events, read, analytics };
      const down = (['events', 'read', 'analytics'] as const).filter((name) => stores[name].status === 'down');
      if (down.length === 0) return reply.code(200).send({ status: 'ok', down, stores });
      const detail = down.map((name) => `${name} store (${stores[name].adapter}) is down: ${stores[name].error ?? 'no answer'}`).join('; ');
      return reply.code(503).send({ status: 'degraded', down, detail, stores });
    },
  });
});
