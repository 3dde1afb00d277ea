import { api, apiBlob } from '../../../api/client.ts';

/** One "Your data" export (docs/privacy.md#your-data). */
export interface AccountExport {
  id: string;
  status: 'running' | 'ready' | 'failed';
  clicks_done: number;
  clicks_total: number;
  started_at: string;
  finished_at: string | null;
  expires_at: string | null;
  download_url: string | null;
  error: string | null;
}

export const privacyApi = {
  startExport: () => api<AccountExport>('/settings/export', { method: 'POST' }),
  latestExport: () => api<AccountExport>('/settings/export'),
  /** The download URL the server gave, without its /api prefix (the client adds it). */
  downloadExport: (downloadUrl: string) => apiBlob(downloadUrl.replace(/^\/api/, '')),
  deleteAccount: (password: string, confirmEmail: string) =>
    api<{ message: string }>('/settings/account/delete', { method: 'POST', body: { password, confirm_email: confirmEmail } }),
};

/** "Gathering your clicks: 1,200 of 5,000" — what a running export says of its progress. */
export function exportProgressText(job: Pick<AccountExport, 'status' | 'clicks_done' | 'clicks_total'>): string {
  if (job.status !== 'running') return '';
  if (job.clicks_total === 0) return 'Gathering your profile, links and payments…';
  const format = (n: number) => n.toLocaleString('en-IN');
  return `Gathering your clicks: ${format(job.clicks_done)} of ${format(job.clicks_total)}`;
}
