import type { z } from 'zod';
import type { AnalyticsPurgeResponse, BotPolicyAnswer, BotPolicyView, ProjectionsReport, RebuildAnswer } from '@linkledger/contracts';
import { api } from '../../../api/client.ts';

// The projections tab's calls (docs/admin.md#projections), typed from the contracts' schemas.
export type Report = z.infer<typeof ProjectionsReport>;
export type Projector = Report['projectors'][number];
export type Rebuild = NonNullable<Report['rebuild']>;
export type BotPolicy = z.infer<typeof BotPolicyView>;
export type ProjectionKey = Projector['key'];

export const projectionsApi = {
  report: () => api<Report>('/admin/projections'),
  rebuild: (key: ProjectionKey) => api<z.infer<typeof RebuildAnswer>>(`/admin/projections/${key}/rebuild`, { method: 'POST' }),
  replayBots: () => api<z.infer<typeof RebuildAnswer>>('/admin/projections/replay-bots', { method: 'POST' }),
  botPolicy: () => api<BotPolicy>('/admin/bot-policy'),
  purgeAnalytics: (olderThanDays: number) =>
    api<z.infer<typeof AnalyticsPurgeResponse>>('/admin/analytics/purge', { method: 'POST', body: { older_than_days: olderThanDays } }),
  saveBotPolicy: (body: { known_bots: boolean; patterns: string[] }) => api<z.infer<typeof BotPolicyAnswer>>('/admin/bot-policy', { method: 'PUT', body }),
};
