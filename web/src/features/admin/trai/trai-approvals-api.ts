import type { z } from 'zod';
import type { DomainActionResponse, TraiApprovalItem } from '@linkledger/contracts';
import { api } from '../../../api/client.ts';

// The TRAI approval queue's calls (docs/admin.md#trai-approvals), typed from the contracts (types only).
export type TraiApproval = z.infer<typeof TraiApprovalItem>;
type Done = z.infer<typeof DomainActionResponse>;

export const traiApprovalsApi = {
  list: () => api<TraiApproval[]>('/admin/trai-approvals'),
  approve: (id: number) => api<Done>(`/admin/trai-approvals/${id}/approve`, { method: 'POST' }),
  reject: (id: number, reason: string) => api<Done>(`/admin/trai-approvals/${id}/reject`, { method: 'POST', body: reason ? { reason } : {} }),
};
