import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import { AdminStatsResponse, SystemReport } from '@linkledger/contracts';
import { LINKS, LINK_TOTALS, USERS, type LinkTotalsView } from '@linkledger/projections';
import { checkStores } from '../health/index.ts';
import type { Platform } from '../platform/platform.ts';
import { logHead, projectorStatus } from '../projection-ops/index.ts';
import { routesFor } from '../http/declared-routes.ts';

export const ADMINS_ONLY = 'Only an admin or super admin can see the platform’s figures.';
const admin = { access: 'admin', refusal: ADMINS_ONLY } as const;

const VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const startedAt = Date.now();

/** Bytes under a path, following no links; 0 for what is not there. */
async function sizeOf(path: string): Promise<number> {
  try {
    const info = await stat(path);
    if (!info.isDirectory()) return info.size;
    const entries = await readdir(path, { withFileTypes: true });
    const sizes = await Promise.all(entries.filter((entry) => !entry.isSymbolicLink()).map((entry) => sizeOf(join(path, entry.name))));
    return sizes.reduce((sum, size) => sum + size, 0);
  } catch {
    return 0;
  }
}

/** The installation's figures and state for the admin's overview and system tabs (docs/admin.md#overview-and-system). */
export async function adminPlatformRoutes(app: FastifyInstance, platform: Platform) {
  const admins = routesFor(app, admin);

  admins.get('/api/admin/stats', {
    summary: 'Users, links, clicks and this month’s new users',
    response: { 200: AdminStatsResponse },
    handler: async () => {
      const now = platform.clock();
      const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
      const [total_users, total_urls, totals, new_users_this_month] = await Promise.all([
        platform.read.count(USERS),
        platform.read.count(LINKS),
        platform.read.find<LinkTotalsView>(LINK_TOTALS),
        platform.read.count(USERS, { created_at: { gte: monthStart } }),
      ]);
      return { total_users, total_urls, total_clicks: totals.reduce((sum, owner) => sum + owner.total_clicks, 0), new_users_this_month };
    },
  });

  admins.get('/api/admin/system', {
    summary: 'Version, stores and their health, the log’s head, each projector’s checkpoint and lag, data sizes',
    response: { 200: SystemReport },
    handler: async () => {
      const { config } = platform;
      const [[events, read, analytics], head] = await Promise.all([checkStores(platform), logHead(platform.events).catch(() => ({ position: 0, at: null }))]);
      // The Projections tab's figures, so the two tabs never disagree (docs/admin.md#overview-and-system).
      const projectors = await Promise.all(
        (['read', 'analytics'] as const).map(async (key) => {
          const status = await projectorStatus(platform, key, head);
          return { name: status.name, checkpoint: status.checkpoint, lag: status.lag_events };
        }),
      );
      const embedded = !config.EVENTSTORE_URL && !config.MONGODB_URL && !config.CLICKHOUSE_URL;
      const data_sizes: Record<string, number> = {};
      if (embedded) {
        for (const [name, file] of [
          ['events', 'events.db'],
          ['read', 'read.db'],
          ['analytics', 'analytics'],
        ] as const) {
          data_sizes[name] = (await sizeOf(join(config.DATA_DIR, file))) + (file.endsWith('.db') ? await sizeOf(join(config.DATA_DIR, `${file}-wal`)) : 0);
        }
      }
      return {
        version: VERSION,
        node: process.version,
        role: config.ROLE,
        uptime_seconds: Math.floor((Date.now() - startedAt) / 1000),
        stores: { events, read, analytics },
        head_position: head.position,
        projectors,
        data_sizes,
      };
    },
  });
}
