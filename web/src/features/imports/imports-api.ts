import type { ImportJobDetails, ImportJobResponse, StartImportBody } from '@linkledger/contracts';
import { api, apiBlob } from '../../api/client.ts';

/** The import calls (docs/import.md). */
export const importsApi = {
  list: () => api<{ imports: ImportJobResponse[] }>('/imports'),
  get: (id: number) => api<ImportJobDetails>(`/imports/${id}`),
  start: (body: StartImportBody) => api<ImportJobResponse>('/imports', { method: 'POST', body }),
  act: (id: number, action: 'resume' | 'cancel') => api<ImportJobResponse>(`/imports/${id}/${action}`, { method: 'POST' }),
  result: (id: number) => apiBlob(`/imports/${id}/result.csv`),
};
