import type { z } from 'zod';
import type {
  AnalystList,
  IssuedAnalyst,
  SavedQuery as Saved,
  SavedQueryList as SavedQueries,
  SqlConsoleResult as SqlResult,
  SqlExportFormat as ExportFormat,
} from '@linkledger/contracts';
import { api, apiBlob } from '../../../api/client.ts';

// The SQL console's calls (docs/analysts.md#the-admin-console), typed from the contracts (types only).
export type Analysts = z.infer<typeof AnalystList>;
export type Issued = z.infer<typeof IssuedAnalyst>;

export type { SqlResult, SavedQueries, Saved, ExportFormat };

export const sqlApi = {
  run: (query: string, params: Record<string, string>) => api<SqlResult>('/admin/sql', { method: 'POST', body: { query, params } }),
  download: (query: string, params: Record<string, string>, format: ExportFormat) =>
    apiBlob('/admin/sql/export', { method: 'POST', body: { query, params, format } }),
  saved: () => api<SavedQueries>('/admin/sql/queries'),
  save: (name: string, sql: string) => api<Saved>('/admin/sql/queries', { method: 'POST', body: { name, sql } }),
  deleteSaved: (id: string) => api<{ message: string }>(`/admin/sql/queries/${encodeURIComponent(id)}`, { method: 'DELETE' }),
  analysts: () => api<Analysts>('/admin/analysts'),
  issue: (name: string) => api<Issued>('/admin/analysts', { method: 'POST', body: { name } }),
  revoke: (id: string) => api<{ message: string }>(`/admin/analysts/${encodeURIComponent(id)}`, { method: 'DELETE' }),
};

/** The {name:Type} placeholders of a query, each once, in order: the console asks for their values. */
export function queryParameters(sql: string): { name: string; type: string }[] {
  const seen = new Map<string, string>();
  for (const match of sql.matchAll(/\{\s*([A-Za-z_]\w*)\s*:\s*([^{}]+?)\s*\}/g)) if (!seen.has(match[1]!)) seen.set(match[1]!, match[2]!);
  return [...seen].map(([name, type]) => ({ name, type }));
}

/** A cell as text: strings as they are, NULL shown as such, arrays and tuples as JSON. */
export const cellText = (value: unknown) => (value === null ? 'NULL' : typeof value === 'string' ? value : JSON.stringify(value));
