import type {
  BulkCreateResponse,
  SortBy,
  DomainFilter,
  StatusFilter,
  SignInResponse,
  ResetLinkCheckResponse,
  CreateLinkBody,
  LinkControlsInput,
  QrDesignInput,
  QrLogoResponse as QrLogo,
  TagView,
  FolderView,
  TagAnalyticsResponse,
  CampaignAnalyticsResponse,
  EnterpriseAnalyticsResponse,
  UtmTemplate,
  UtmTemplateList,
} from '@linkledger/contracts';
import { api, apiBlob } from './client.ts';
import type { Analytics, AuthProviders, DomainInfo, Link, LinkList, Plans, Subscription, User, UserStats } from './types.ts';

/** Every API call the app makes (described in docs/accounts.md, links.md, analytics.md, developer-api.md and plans.md), typed from the contracts. */

export const accountsApi = {
  register: (email: string, password: string) => api<User>('/register', { method: 'POST', body: { email, password } }),
  /** A token, or for an account with a second factor the challenge of the code step (docs/accounts.md#second-factor). */
  token: (email: string, password: string) =>
    api<SignInResponse>('/token', { method: 'POST', body: new URLSearchParams({ username: email, password }), allowUnauthorized: true }),
  /** The code step: a 401 means the challenge has expired, not that the app is signed out. */
  secondFactorToken: (challenge: string, code: string) =>
    api<{ access_token: string }>('/token/second-factor', { method: 'POST', body: { challenge, code }, allowUnauthorized: true }),
  me: () => api<User>('/users/me'),
  logout: () => api<{ message: string }>('/auth/logout', { method: 'POST', allowUnauthorized: true }),
  signupStatus: () => api<{ signup_enabled: boolean }>('/public/signup-status'),
  providers: () => api<AuthProviders>('/auth/providers'),
  authorize: (provider: string, redirectUri: string) =>
    api<{ authorization_url: string; state: string }>(`/auth/${provider}/authorize`, { query: { redirect_uri: redirectUri } }),
  socialCallback: (provider: string, code: string, redirectUri: string, state: string) =>
    api<SignInResponse>(`/auth/${provider}/callback`, { method: 'POST', body: { code, redirect_uri: redirectUri, state } }),
  requestVerification: () => api<{ message: string }>('/auth/request-verification', { method: 'POST' }),
  verifyEmail: (token: string) => api<{ message: string; already_verified: boolean }>('/verify-email', { method: 'POST', body: { token } }),
  forgotPassword: (email: string) => api<{ message: string }>('/forgot-password', { method: 'POST', body: { email } }),
  resetPassword: (token: string, newPassword: string, secondFactorCode?: string) =>
    api<{ message: string }>('/reset-password', {
      method: 'POST',
      body: { token, new_password: newPassword, ...(secondFactorCode ? { second_factor_code: secondFactorCode } : {}) },
    }),
  checkResetLink: (token: string) => api<ResetLinkCheckResponse>('/reset-password/check', { method: 'POST', body: { token } }),
};

export interface LinkListParams {
  skip: number;
  limit: number;
  search?: string;
  created_via?: 'manual' | 'api';
  sort_by?: SortBy;
  date_from?: string;
  date_to?: string;
  domain?: DomainFilter;
  /** active, inactive (switched off) or all. */
  status?: StatusFilter;
  /** Tag names (docs/links.md#tags-and-folders): links with any (or, with tag_mode all, every one) of them. */
  tag?: string[];
  tag_mode?: 'any' | 'all';
  folder?: string;
}

/** A link's tags and folder by name, as the create and edit calls send them: [] or null removes them in an edit. */
interface LinkLabelsPayload {
  tags?: string[];
  folder?: string | null;
}

/** A link's smart controls as the create and edit calls send them (docs/links.md#smart-links): null removes one in an edit. */
export type LinkControlsPayload = Partial<Pick<CreateLinkBody, keyof typeof LinkControlsInput>>;

/** What "Fetch from destination" reads from the destination's own meta tags. */
interface PreviewCard {
  title: string;
  description: string;
  image_url: string | null;
}

/** A link's UTM parameters as the create and edit calls send them (docs/links.md#utm-parameters): null removes one in an edit. */
type UtmPayload = Partial<Pick<CreateLinkBody, 'utm_source' | 'utm_medium' | 'utm_campaign' | 'utm_term' | 'utm_content'>>;

export interface NewLink extends LinkControlsPayload, LinkLabelsPayload, UtmPayload {
  original_url: string;
  title?: string;
  description?: string;
  short_code?: string;
  custom_domain?: string | null;
  trai_header?: string | null;
}

export const linksApi = {
  list: (params: LinkListParams) => api<LinkList>('/urls', { query: { ...params, include_counts: 'true' } }),
  get: (id: number) => api<Link>(`/urls/${id}`),
  create: (link: NewLink) => api<Link>('/urls', { method: 'POST', body: link }),
  update: (
    id: number,
    changes: Partial<Pick<Link, 'title' | 'description' | 'original_url' | 'is_active'>> &
      LinkControlsPayload &
      LinkLabelsPayload &
      UtmPayload & { qr?: QrDesignInput | null },
  ) => api<Link>(`/urls/${id}`, { method: 'PATCH', body: changes }),
  /** Makes an A/B variant (1-based) the link's destination and ends the test. */
  promoteVariant: (id: number, variant: number) => api<Link>(`/urls/${id}/promote-variant`, { method: 'POST', body: { variant } }),
  previewCard: (url: string) => api<PreviewCard>('/links/preview-card', { method: 'POST', body: { url } }),
  remove: (id: number) => api<{ message: string }>(`/urls/${id}`, { method: 'DELETE' }),
  /** Up to 1,000 link bodies in one call (docs/links.md#bulk-create): answered per item. */
  bulkCreate: (links: readonly object[]) => api<BulkCreateResponse>('/urls/bulk', { method: 'POST', body: { links } }),
  bulkDelete: (ids: number[]) => api<{ message: string; deleted: number[] }>('/urls/bulk-delete', { method: 'POST', body: { ids } }),
  analytics: (id: number, range: { date_from?: string; date_to?: string } = {}) => api<Analytics>(`/urls/${id}/analytics`, { query: range }),
  /** Hour, weekday and period comparison, for plans with enterprise_analytics (docs/analytics.md#enterprise-analytics). */
  enterpriseAnalytics: (id: number, range: { date_from: string; date_to: string }) =>
    api<EnterpriseAnalyticsResponse>(`/urls/${id}/analytics/enterprise`, { query: range }),
  exportCsv: (query: { tab: 'all' | 'manual' | 'api'; search?: string; domain?: DomainFilter } & Pick<LinkListParams, 'tag' | 'tag_mode' | 'folder'>) =>
    apiBlob('/urls/export', { query }),
  qr: (id: number, format: 'png' | 'svg', size = 256) => apiBlob(`/urls/${id}/qr.${format}`, { query: { size } }),
  stats: () => api<UserStats>('/users/me/stats'),
  domainInfo: () => api<DomainInfo>('/users/me/domain-info'),
};

export const qrLogosApi = {
  upload: (file: Blob) => api<QrLogo>('/qr-logos', { method: 'POST', body: file }),
  image: (id: number) => apiBlob(`/qr-logos/${id}`),
};

/** The workspace's saved UTM templates and its analytics by campaign (docs/links.md#utm-parameters, docs/analytics.md#campaigns). */
export const utmApi = {
  templates: () => api<UtmTemplateList>('/utm-templates'),
  saveTemplate: (template: { name: string } & UtmPayload) => api<UtmTemplate>('/utm-templates', { method: 'POST', body: template }),
  deleteTemplate: (id: number) => api<{ message: string }>(`/utm-templates/${id}`, { method: 'DELETE' }),
  campaigns: (range: { date_from?: string; date_to?: string } = {}) => api<CampaignAnalyticsResponse>('/analytics/campaigns', { query: range }),
};

export const billingApi = {
  current: () => api<Subscription>('/subscription/current'),
  plans: () => api<Plans>('/subscription/plans'),
};

export interface ApiKeyResponse {
  api_key: string;
  /** `api_links_at`: what a link made with the key starts with now (docs/developer-api.md#where-api-links-go). */
  domains: { active_custom_domain: string | null; active_trai_header: string | null; api_links_at: string };
}

export const apiKeysApi = {
  get: () => api<ApiKeyResponse>('/users/me/api-key'),
  generate: () => api<ApiKeyResponse>('/users/me/generate-api-key', { method: 'POST' }),
  regenerate: () => api<ApiKeyResponse>('/users/me/regenerate-api-key', { method: 'POST' }),
};

/** A workspace's tags and folders (docs/links.md#tags-and-folders). */
export const labelsApi = {
  tags: () => api<TagView[]>('/tags'),
  folders: () => api<FolderView[]>('/folders'),
  changeTag: (id: number, changes: { name?: string; color?: string }) => api<TagView>(`/tags/${id}`, { method: 'PATCH', body: changes }),
  mergeTag: (id: number, into: number) => api<TagView>(`/tags/${id}/merge`, { method: 'POST', body: { into } }),
  deleteTag: (id: number) => api<{ message: string }>(`/tags/${id}`, { method: 'DELETE' }),
  renameFolder: (id: number, name: string) => api<FolderView>(`/folders/${id}`, { method: 'PATCH', body: { name } }),
  deleteFolder: (id: number) => api<{ message: string }>(`/folders/${id}`, { method: 'DELETE' }),
  tagAnalytics: (id: number, range: { date_from?: string; date_to?: string } = {}) => api<TagAnalyticsResponse>(`/tags/${id}/analytics`, { query: range }),
};
