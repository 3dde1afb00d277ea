import type { z } from 'zod';
import type {
  AdminLinkActionResponse,
  AdminLinkList as AdminLinks,
  AdminPlanList,
  AdminStatsResponse as AdminStats,
  AdminUserActionResponse,
  AdminUserList as AdminUsers,
  AdminWorkspaceList,
  EmailConfigAnswer,
  EmailConfigBody,
  EmailConfigView as EmailConfig,
  EmailStats as MailStats,
  OAuthConfigAnswer,
  OAuthConfigBody,
  OAuthConfigList,
  PaidPeriodResponse as PaidPeriod,
  SubscriptionHistoryResponse,
  SystemReport as System,
  TestEmailAnswer,
  UpdatePlanBody,
  UpdatePlanResponse,
  UserLimitsResponse as UserLimits,
  UserResponse as AdminUser,
} from '@linkledger/contracts';
import { api } from '../../api/client.ts';
import type { Subscription } from '../../api/types.ts';

// The admin calls (docs/admin.md), typed from the contracts' schemas (types only: no schema code in the bundle).
export type OAuthConfig = OAuthConfigList['configs'][number];
export type OAuthConfigInput = z.input<typeof OAuthConfigBody>;
export type EmailConfigInput = z.input<typeof EmailConfigBody>;
export type AdminPlan = AdminPlanList['plans'][number];
export type PlanChanges = z.input<typeof UpdatePlanBody>;
export type SubscriptionHistory = SubscriptionHistoryResponse['history'];
export type AdminLink = AdminLinks['links'][number];

type AdminWorkspaces = z.infer<typeof AdminWorkspaceList>;
export type AdminWorkspace = AdminWorkspaces['workspaces'][number];

export type { UserLimits, System, PaidPeriod, AdminUser, AdminUsers, AdminStats, EmailConfig, MailStats, AdminLinks };

interface PageQuery {
  search?: string;
  skip: number;
  limit: number;
}

export const adminApi = {
  stats: () => api<AdminStats>('/admin/stats'),
  system: () => api<System>('/admin/system'),
  users: (query: PageQuery) => api<AdminUsers>('/admin/users', { query: { ...query } }),
  user: (id: number) => api<AdminUser>(`/admin/users/${id}`),
  workspaces: (query: PageQuery) => api<AdminWorkspaces>('/admin/workspaces', { query: { ...query } }),
  setStatus: (id: number, action: 'suspend' | 'ban' | 'activate') =>
    api<z.infer<typeof AdminUserActionResponse>>(`/admin/users/${id}/${action}`, { method: 'POST' }),
  setRole: (id: number, role: 'user' | 'admin') => api<z.infer<typeof AdminUserActionResponse>>(`/admin/users/${id}/role`, { method: 'PUT', body: { role } }),
  changePlan: (id: number, planType: string) => api<{ message: string }>(`/admin/users/${id}/change-plan`, { method: 'POST', body: { plan_type: planType } }),
  paidPeriod: (id: number) => api<PaidPeriod>(`/admin/users/${id}/paid-period`),
  subscription: (id: number) => api<Subscription>(`/admin/users/${id}/subscription`),
  subscriptionHistory: (id: number) => api<{ history: SubscriptionHistory }>(`/admin/users/${id}/subscription/history`),
  limits: (id: number) => api<UserLimits>(`/admin/api/users/${id}/limits`),
  setLimits: (id: number, body: Record<string, number | null | boolean>) => api<UserLimits>(`/admin/api/users/${id}/limits`, { method: 'PUT', body }),
  signupStatus: () => api<{ signup_enabled: boolean; message: string }>('/admin/system-settings/signup-status'),
  toggleSignup: () => api<{ signup_enabled: boolean; message: string }>('/admin/system-settings/signup-toggle', { method: 'POST' }),
  oauthConfigs: () => api<z.infer<typeof OAuthConfigList>>('/admin/oauth-config'),
  addOAuth: (body: OAuthConfigInput) => api<z.infer<typeof OAuthConfigAnswer>>('/admin/oauth-config', { method: 'POST', body }),
  updateOAuth: (provider: string, body: Omit<OAuthConfigInput, 'provider'>) =>
    api<z.infer<typeof OAuthConfigAnswer>>(`/admin/oauth-config/${provider}`, { method: 'PUT', body }),
  toggleOAuth: (provider: string, enabled: boolean) =>
    api<z.infer<typeof OAuthConfigAnswer>>(`/admin/oauth-config/${provider}/toggle`, { method: 'PATCH', query: { enabled: String(enabled) } }),
  deleteOAuth: (provider: string) => api<z.infer<typeof OAuthConfigAnswer>>(`/admin/oauth-config/${provider}`, { method: 'DELETE' }),
  emailConfig: () => api<EmailConfig>('/admin/email-config'),
  saveEmailConfig: (body: EmailConfigInput) => api<z.infer<typeof EmailConfigAnswer>>('/admin/email-config', { method: 'POST', body }),
  testEmail: (address: string) => api<z.infer<typeof TestEmailAnswer>>('/admin/test-email', { method: 'POST', body: { test_email: address } }),
  emailStats: () => api<MailStats>('/admin/email-stats'),
  plans: () => api<z.infer<typeof AdminPlanList>>('/admin/plans'),
  updatePlan: (id: number, changes: PlanChanges) => api<z.infer<typeof UpdatePlanResponse>>(`/subscription/plans/${id}`, { method: 'PUT', body: changes }),
  links: (query: PageQuery) => api<AdminLinks>('/admin/links', { query: { ...query } }),
  disableLink: (id: number, reason: string) => api<z.infer<typeof AdminLinkActionResponse>>(`/admin/links/${id}/disable`, { method: 'POST', body: { reason } }),
  enableLink: (id: number) => api<z.infer<typeof AdminLinkActionResponse>>(`/admin/links/${id}/enable`, { method: 'POST' }),
};
