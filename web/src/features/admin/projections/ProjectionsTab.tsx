import './ProjectionsTab.css';
import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { invalidate, useQuery } from '../../../api/query.ts';
import { RetryMessage, StatusMessage } from '../StatusMessage.tsx';
import { LIVE_REFRESH_MS, useRefetchEvery } from '../use-refetch-every.ts';
import { AnalyticsPurgeCard } from './AnalyticsPurgeCard.tsx';
import { BotPolicyCard } from './BotPolicyCard.tsx';
import { ProjectorTable } from './ProjectorTable.tsx';
import { RebuildCard } from './RebuildCard.tsx';
import { projectionsApi } from './projections-api.ts';
import { PROJECTIONS_REPORT_QUERY } from '../admin-queries.ts';

/** Read again this often while a rebuild runs, so its progress bar moves. */
const RUNNING_REFRESH_MS = 1000;

/**
 * Projections (docs/admin.md#projections): each projector's checkpoint, lag, rate and last
 * error; rebuilding one beside the live one, with its progress; the bot policy and its replay.
 */
export function ProjectionsTab({ isSuperAdmin }: { isSuperAdmin: boolean }) {
  const report = useQuery(PROJECTIONS_REPORT_QUERY, projectionsApi.report);
  const rebuild = report.data?.rebuild ?? null;
  const busy = rebuild !== null && (rebuild.state === 'running' || rebuild.state === 'pending');
  useRefetchEvery(report.refetch, busy ? RUNNING_REFRESH_MS : LIVE_REFRESH_MS);
  const stamp = rebuild ? `${rebuild.rebuild_id}:${rebuild.state}` : 'none';
  const [message, setMessage] = useState<string | null>(null);

  const start = async (run: () => Promise<{ message: string }>) => {
    setMessage(null);
    try {
      setMessage((await run()).message);
    } catch (error) {
      setMessage(errorText(error, 'Failed to start the rebuild'));
    } finally {
      await invalidate(PROJECTIONS_REPORT_QUERY);
    }
  };

  return (
    <div className="admin__section projections">
      {report.error !== undefined && !report.data ? (
        <RetryMessage text={errorText(report.error, 'Failed to fetch the projections')} onRetry={() => void report.refetch()} />
      ) : null}
      {report.data ? (
        <ProjectorTable report={report.data} busy={busy} onRebuild={(key) => start(() => projectionsApi.rebuild(key))} />
      ) : report.loading ? (
        <p className="admin__count">Loading projections…</p>
      ) : null}
      <StatusMessage text={message} />
      {rebuild ? <RebuildCard rebuild={rebuild} /> : null}
      {/* Keyed by the last rebuild's state: when one starts or ends, whether a replay is needed changes, and the last save's message is old news. */}
      <BotPolicyCard key={stamp} stamp={stamp} busy={busy} onReplay={() => start(projectionsApi.replayBots)} />
      {isSuperAdmin ? <AnalyticsPurgeCard /> : null}
    </div>
  );
}
