import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { givePlan } from '../testing/plans.ts';
import { discPng } from '../testing/test-images.ts';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { startDnsTestServer, type DnsTestServer } from '../domains/dns/testing/dns-test-server.ts';

/** `admin` holds the admin role, `super` is the installation's super admin, `suspended` a suspended user. */
type Role = 'anonymous' | 'other' | 'owner' | 'admin' | 'super' | 'suspended';
const ROLES: readonly Role[] = ['anonymous', 'other', 'owner', 'admin', 'super', 'suspended'];
type Session = Awaited<ReturnType<typeof signUp>>;

interface Fixture {
  /** A fresh link of the owner's, for routes that act on one. */
  ownerLink(): Promise<{ id: number }>;
  /** A new sign-in of the role's account, for routes that end the session they are called with. */
  freshSession(role: Role): Promise<Record<string, string>>;
  /** The role's current API key (generated when it has none); null for anonymous. */
  apiKey(role: Role): Promise<string | null>;
  /** Sends a request as the super admin (to set up or undo what a row's call changed). */
  asAdmin(options: InjectOptions): Promise<void>;
  /** The same, answering the JSON body (an id the row acts on). */
  asAdminJson<T>(options: InjectOptions): Promise<T>;
  /** A newly registered user's id, for admin actions that change the user they act on. */
  newUser(): Promise<number>;
  /** Twitter sign-in configured (whether or not an earlier row left it so). */
  twitterConfigured(): Promise<void>;
  unique(): string;
  userId(role: Exclude<Role, 'anonymous'>): number;
  /** Sends a request as the role's session, answering the JSON body. */
  asJson<T>(role: Exclude<Role, 'anonymous'>, options: InjectOptions): Promise<T>;
  /** A test-mode order of the owner's, not yet paid. */
  ownerOrder(): Promise<string>;
  /** A fresh custom domain of the owner's (unverified). */
  ownerDomain(): Promise<{ id: number; domain: string }>;
  /** The owner's custom domain verified by the test DNS server (made once). */
  ownerVerifiedDomain(): Promise<{ id: number; domain: string }>;
  /** A TRAI header of the owner's on this service's host, approved by the super admin. */
  ownerTrai(): Promise<{ id: number }>;
  /** A TRAI header of the owner's on this service's host awaiting approval. */
  ownerPendingTrai(): Promise<{ id: number }>;
  /** The owner's paid order (made once): its receipt and the method it was paid with. */
  ownerPurchase(): Promise<{ receipt: string; methodId: string }>;
}

interface Row {
  /** Expected status for each caller. */
  expect: Record<Role, number>;
  /** The request; headers it sets win over the caller's usual session. */
  request(fixture: Fixture, role: Role): Promise<Omit<InjectOptions, 'method'>> | Omit<InjectOptions, 'method'>;
  /** Puts back what a successful call changed, so later rows see the installation as it was. */
  undo?(fixture: Fixture): Promise<void>;
}

/** A fresh CSV import of the owner's. */
const ownerImport = (f: Fixture) =>
  f.asJson<{ id: number }>('owner', { method: 'POST', url: '/api/imports', payload: { source: 'csv', file: 'url\nhttps://example.com/imported\n' } });
const form = { 'content-type': 'application/x-www-form-urlencoded' };
const keyHeader = (key: string | null): Record<string, string> => (key ? { 'x-api-key': key } : {});
const everyone = (status: number): Record<Role, number> => ({
  anonymous: status,
  other: status,
  owner: status,
  admin: status,
  super: status,
  suspended: status,
});
// A suspended account's token is refused like no token at all.
const signedIn = (status: number): Record<Role, number> => ({ anonymous: 401, other: status, owner: status, admin: status, super: status, suspended: 401 });
const ownerOnly = (status: number): Record<Role, number> => ({ anonymous: 401, other: 404, owner: status, admin: 404, super: 404, suspended: 401 });
// The owner's own thing behind a plan feature: the Free callers are refused by the plan first.
const ownerWithFeature = (status: number): Record<Role, number> => ({ ...ownerOnly(status), other: 403, admin: 403, super: 403 });
const adminOnly = (status: number): Record<Role, number> => ({ anonymous: 401, other: 403, owner: 403, admin: status, super: status, suspended: 401 });
const TWITTER = {
  provider: 'twitter',
  client_id: 'tw-client',
  client_secret: 'tw-secret-value',
  redirect_uri: 'http://localhost/auth/callback',
  scope: 'users.read',
  auth_url: 'https://twitter.com/i/oauth2/authorize',
};
// A fresh tag or folder of the owner's workspace (ids are the workspace's own: nobody else's holds a live one of that id).
const ownerTag = (f: Fixture) => f.asJson<{ id: number }>('owner', { method: 'POST', url: '/api/tags', payload: { name: f.unique() } });
/** A weekly report of the owner's workspace, mailed to the owner. */
const ownerReportSchedule = async (f: Fixture) => {
  const owner = await f.asJson<{ id: number }>('owner', { method: 'GET', url: '/api/users/me' });
  return f.asJson<{ id: number }>('owner', {
    method: 'POST',
    url: '/api/reports/schedules',
    payload: { scope: 'workspace', frequency: 'weekly', recipient_ids: [owner.id] },
  });
};
const ownerFolder = (f: Fixture) => f.asJson<{ id: number }>('owner', { method: 'POST', url: '/api/folders', payload: { name: f.unique() } });
const rebuildOver = async (f: Fixture) => {
  await expect
    .poll(async () => (await f.asAdminJson<{ rebuild: { state: string } | null }>({ method: 'GET', url: '/api/admin/projections' })).rebuild?.state, {
      timeout: 20_000,
    })
    .toBe('done');
};
/** A fresh support ticket of the owner's (open). */
const ownerTicket = async (f: Fixture) =>
  (
    await f.asJson<{ ticket: { id: number } }>('owner', {
      method: 'POST',
      url: '/api/support/tickets',
      payload: { subject: `Ticket ${f.unique()}`, message: 'Something is wrong.' },
    })
  ).ticket;
const freshUserAction = (action: string) => async (f: Fixture) => ({ url: `/api/admin/users/${await f.newUser()}/${action}` });
/** A fresh team workspace of the owner's (the owner alone in it). */
const ownerWorkspace = async (f: Fixture) =>
  (await f.asJson<{ workspace: { id: number } }>('owner', { method: 'POST', url: '/api/workspaces', payload: { name: 'Team', slug: `team-${f.unique()}` } }))
    .workspace;
/** A pending invite into the owner's personal workspace (the owner is on enterprise: 50 seats). */
const ownerInvite = async (f: Fixture) =>
  (
    await f.asJson<{ invite: { id: string } }>('owner', {
      method: 'POST',
      url: `/api/workspaces/${f.userId('owner')}/invites`,
      payload: { email: `${f.unique()}@example.com`, role: 'viewer' },
    })
  ).invite;

/** A survey's body: one rating question, a fresh slug. */
const surveyBody = (f: Fixture) => ({ slug: `survey-${f.unique()}`, title: 'Survey', questions: [{ type: 'rating', label: 'How happy?' }] });
const ownerSurveys = (f: Fixture) => `/api/workspaces/${f.userId('owner')}/surveys`;
/** The owner's survey the reading rows use (made once: the plan limits how many a workspace holds). */
let sharedSurvey: Promise<{ id: number }> | undefined;
const ownerSurvey = (f: Fixture) => (sharedSurvey ??= f.asJson<{ id: number }>('owner', { method: 'POST', url: ownerSurveys(f), payload: surveyBody(f) }));
/** Deletes every survey of the owner's but the shared one, so each row leaves the workspace's count as it was. */
const dropNewSurveys = async (f: Fixture) => {
  const keep = (await ownerSurvey(f)).id;
  const { surveys } = await f.asJson<{ surveys: { id: number }[] }>('owner', { method: 'GET', url: ownerSurveys(f) });
  for (const { id } of surveys.filter((survey) => survey.id !== keep)) await f.asJson('owner', { method: 'DELETE', url: `${ownerSurveys(f)}/${id}` });
};

/** A fresh API key of the owner's personal workspace (the owner is on enterprise: several keys). */
const ownerWebhooks = (f: Fixture) => `/api/workspaces/${f.userId('owner')}/webhooks`;
const newOwnerWebhook = async (f: Fixture) =>
  f.asJson<{ id: number }>('owner', {
    method: 'POST',
    url: ownerWebhooks(f),
    payload: { name: `Hook ${f.unique()}`, url: 'http://127.0.0.1:9/hook', events: ['link.created'] },
  });
let sharedWebhook: Promise<{ id: number }> | null = null;
/** One webhook of the owner's for the rows that only look at it or change it (a workspace keeps at most 20). */
const ownerWebhook = (f: Fixture) => (sharedWebhook ??= newOwnerWebhook(f));
const ownerWorkspaceKey = async (f: Fixture) =>
  (
    await f.asJson<{ key: { id: string } }>('owner', {
      method: 'POST',
      url: `/api/workspaces/${f.userId('owner')}/api-keys`,
      payload: { name: `Key ${f.unique()}`, scopes: ['links:read'] },
    })
  ).key;

/** A fresh UTM template of the owner's personal workspace. */
const ownerUtmTemplate = async (f: Fixture) =>
  f.asJson<{ id: number }>('owner', { method: 'POST', url: '/api/utm-templates', payload: { name: `Template ${f.unique()}`, utm_source: 'news' } });

/** A link-in-bio page of the owner's personal workspace: the first it holds, else a new one (the owner is on enterprise: 10 pages). */
const ownerBioPage = async (f: Fixture) => {
  const pages = `/api/workspaces/${f.userId('owner')}/pages`;
  const { pages: held } = await f.asJson<{ pages: { id: number }[] }>('owner', { method: 'GET', url: pages });
  return held[0] ?? f.asJson<{ id: number }>('owner', { method: 'POST', url: pages, payload: { slug: `bio-${f.unique()}`, title: 'Links' } });
};
const ownerBioPageUrl = async (f: Fixture, tail = '') => `/api/workspaces/${f.userId('owner')}/pages/${(await ownerBioPage(f)).id}${tail}`;

/**
 * Who may call what, for every route of the API. A route missing here fails the test, so
 * each new route must state its rule. Admins get no special access to users' links.
 */
const table: Record<string, Row> = {
  'GET /api/health': { expect: everyone(200), request: () => ({ url: '/api/health' }) },
  'POST /api/register': {
    expect: everyone(201),
    request: (f) => ({ url: '/api/register', payload: { email: `${f.unique()}@example.com`, password: 'secret123' } }),
  },
  'POST /api/token': {
    expect: everyone(200),
    request: () => ({ url: '/api/token', headers: form, payload: 'username=owner%40example.com&password=secret123' }),
  },
  'GET /api/users/me': { expect: signedIn(200), request: () => ({ url: '/api/users/me' }) },
  'POST /api/urls': { expect: signedIn(201), request: () => ({ url: '/api/urls', payload: { original_url: 'https://example.com/new' } }) },
  'GET /api/urls': { expect: signedIn(200), request: () => ({ url: '/api/urls' }) },
  'GET /api/analytics/campaigns': { expect: signedIn(200), request: () => ({ url: '/api/analytics/campaigns' }) },
  'GET /api/utm-templates': { expect: signedIn(200), request: () => ({ url: '/api/utm-templates' }) },
  'POST /api/utm-templates': {
    expect: signedIn(201),
    request: (f) => ({ url: '/api/utm-templates', payload: { name: `T ${f.unique()}`, utm_source: 'news' } }),
  },
  'PATCH /api/utm-templates/:id': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/utm-templates/${(await ownerUtmTemplate(f)).id}`, payload: { utm_medium: 'email' } }),
  },
  'DELETE /api/utm-templates/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/utm-templates/${(await ownerUtmTemplate(f)).id}` }) },
  'GET /api/workspaces/:id/pages': { expect: ownerOnly(200), request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/pages` }) },
  'POST /api/workspaces/:id/pages': {
    expect: ownerOnly(201),
    request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/pages`, payload: { slug: `bio-${f.unique()}`, title: 'Links' } }),
    undo: async (f) => {
      const pages = `/api/workspaces/${f.userId('owner')}/pages`;
      const { pages: held } = await f.asJson<{ pages: { id: number }[] }>('owner', { method: 'GET', url: pages });
      for (const page of held) await f.asJson('owner', { method: 'DELETE', url: `${pages}/${page.id}` });
    },
  },
  'POST /api/workspaces/:id/pages/preview': {
    expect: ownerOnly(200),
    request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/pages/preview`, payload: { title: 'Draft' } }),
  },
  'GET /api/workspaces/:id/pages/:pageId': { expect: ownerOnly(200), request: async (f) => ({ url: await ownerBioPageUrl(f) }) },
  'PATCH /api/workspaces/:id/pages/:pageId': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: await ownerBioPageUrl(f), payload: { title: 'Renamed' } }),
  },
  'DELETE /api/workspaces/:id/pages/:pageId': { expect: ownerOnly(200), request: async (f) => ({ url: await ownerBioPageUrl(f) }) },
  'GET /api/workspaces/:id/pages/:pageId/analytics': { expect: ownerOnly(200), request: async (f) => ({ url: await ownerBioPageUrl(f, '/analytics') }) },
  'POST /api/workspaces/:id/pages/:pageId/avatar': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: await ownerBioPageUrl(f, '/avatar'), headers: { 'content-type': 'image/png' }, payload: discPng(32) }),
  },
  'GET /api/urls/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}` }) },
  'DELETE /api/urls/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}` }) },
  'GET /api/urls/:id/analytics': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}/analytics` }) },
  'GET /api/urls/:id/analytics/enterprise': {
    expect: ownerWithFeature(200),
    request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}/analytics/enterprise` }),
  },
  'PATCH /api/urls/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}`, payload: { title: 'Renamed' } }) },
  'GET /api/tags': { expect: signedIn(200), request: () => ({ url: '/api/tags' }) },
  'POST /api/tags': { expect: signedIn(201), request: (f) => ({ url: '/api/tags', payload: { name: f.unique() } }) },
  'PATCH /api/tags/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/tags/${(await ownerTag(f)).id}`, payload: { color: 'red' } }) },
  'POST /api/tags/:id/merge': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/tags/${(await ownerTag(f)).id}/merge`, payload: { into: (await ownerTag(f)).id } }),
  },
  'DELETE /api/tags/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/tags/${(await ownerTag(f)).id}` }) },
  'GET /api/tags/:id/analytics': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/tags/${(await ownerTag(f)).id}/analytics` }) },
  'GET /api/urls/:id/analytics/export': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}/analytics/export` }) },
  'GET /api/reports/pdf': { expect: ownerWithFeature(200), request: async (f) => ({ url: `/api/reports/pdf?scope=link&id=${(await f.ownerLink()).id}` }) },
  'GET /api/reports/schedules': { expect: { ...signedIn(403), owner: 200 }, request: () => ({ url: '/api/reports/schedules' }) },
  'POST /api/reports/schedules': {
    expect: { ...signedIn(403), owner: 201 },
    request: async (f) => ({
      url: '/api/reports/schedules',
      payload: {
        scope: 'workspace',
        frequency: 'monthly',
        recipient_ids: [(await f.asJson<{ id: number }>('owner', { method: 'GET', url: '/api/users/me' })).id],
      },
    }),
  },
  'PATCH /api/reports/schedules/:id': {
    expect: ownerWithFeature(200),
    request: async (f) => ({ url: `/api/reports/schedules/${(await ownerReportSchedule(f)).id}`, payload: { frequency: 'monthly' } }),
  },
  'DELETE /api/reports/schedules/:id': {
    expect: ownerWithFeature(200),
    request: async (f) => ({ url: `/api/reports/schedules/${(await ownerReportSchedule(f)).id}` }),
  },
  'GET /api/folders': { expect: signedIn(200), request: () => ({ url: '/api/folders' }) },
  'POST /api/folders': { expect: signedIn(201), request: (f) => ({ url: '/api/folders', payload: { name: f.unique() } }) },
  'PATCH /api/folders/:id': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/folders/${(await ownerFolder(f)).id}`, payload: { name: f.unique() } }),
  },
  'DELETE /api/folders/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/folders/${(await ownerFolder(f)).id}` }) },
  // A private address: refused by the fetch guard, so the row reaches no network.
  'POST /api/links/preview-card': {
    expect: { ...signedIn(403), owner: 400 },
    request: () => ({ url: '/api/links/preview-card', payload: { url: 'http://127.0.0.1/' } }),
  },

  'POST /api/urls/:id/promote-variant': {
    expect: ownerOnly(200),
    request: async (f) => {
      const { id } = await f.ownerLink();
      const variants = [
        { url: 'https://a.example/', weight: 50 },
        { url: 'https://b.example/', weight: 50 },
      ];
      await f.asJson('owner', { method: 'PATCH', url: `/api/urls/${id}`, payload: { variants } });
      return { url: `/api/urls/${id}/promote-variant`, payload: { variant: 1 } };
    },
  },
  'POST /api/urls/bulk': {
    expect: signedIn(200),
    request: () => ({ url: '/api/urls/bulk', payload: { links: [{ original_url: 'https://example.com/bulk' }] } }),
  },
  'POST /api/urls/bulk-delete': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: '/api/urls/bulk-delete', payload: { ids: [(await f.ownerLink()).id] } }),
  },
  'GET /api/urls/:id/qr.png': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}/qr.png` }) },
  'GET /api/urls/:id/qr.svg': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/urls/${(await f.ownerLink()).id}/qr.svg` }) },
  // QR logos are a plan feature of the owner's (Enterprise); the same file again answers the logo stored.
  'POST /api/qr-logos': {
    expect: { ...signedIn(403), owner: 201 },
    request: () => ({ url: '/api/qr-logos', headers: { 'content-type': 'image/png' }, payload: discPng(32) }),
  },
  'GET /api/qr-logos/:id': {
    expect: ownerOnly(200),
    request: async (f) => {
      await f.asJson('owner', { method: 'POST', url: '/api/qr-logos', headers: { 'content-type': 'image/png' }, payload: discPng(32) });
      return { url: '/api/qr-logos/1' };
    },
  },
  // A plan feature: the owner is on enterprise, the others on free.
  'GET /api/urls/export': { expect: { ...signedIn(403), owner: 200 }, request: () => ({ url: '/api/urls/export' }) },
  // Imports: a plan feature, as the export; the owner's job is the owner's alone.
  'POST /api/imports': {
    expect: { ...signedIn(403), owner: 201 },
    request: () => ({ url: '/api/imports', payload: { source: 'csv', file: 'url\nhttps://example.com/imported\n' } }),
  },
  'GET /api/imports': { expect: { ...signedIn(403), owner: 200 }, request: () => ({ url: '/api/imports' }) },
  'GET /api/imports/:id': { expect: { ...signedIn(403), owner: 200 }, request: async (f) => ({ url: `/api/imports/${(await ownerImport(f)).id}` }) },
  'GET /api/imports/:id/result.csv': {
    expect: { ...signedIn(403), owner: 200 },
    request: async (f) => ({ url: `/api/imports/${(await ownerImport(f)).id}/result.csv` }),
  },
  'POST /api/imports/:id/cancel': {
    expect: { ...signedIn(403), owner: 200 },
    request: async (f) => ({ url: `/api/imports/${(await ownerImport(f)).id}/cancel` }),
  },
  // A cancelled job cannot be resumed: the owner is past access and validation.
  'POST /api/imports/:id/resume': {
    expect: { ...signedIn(403), owner: 409 },
    request: async (f) => {
      const { id } = await ownerImport(f);
      await f.asJson('owner', { method: 'POST', url: `/api/imports/${id}/cancel` });
      return { url: `/api/imports/${id}/resume` };
    },
  },
  'GET /api/subscription/plans': { expect: everyone(200), request: () => ({ url: '/api/subscription/plans' }) },
  'GET /api/subscription/current': { expect: signedIn(200), request: () => ({ url: '/api/subscription/current' }) },
  'GET /api/payment/config': { expect: everyone(200), request: () => ({ url: '/api/payment/config' }) },
  // Enterprise yearly: a first purchase for the free accounts, an upgrade of the owner's monthly grant.
  'GET /api/payment/quote': {
    expect: signedIn(200),
    request: () => ({ url: '/api/payment/quote', query: { plan_type: 'enterprise', billing_cycle: 'yearly' } }),
  },
  'POST /api/payment/create-intent': {
    expect: signedIn(200),
    request: () => ({ url: '/api/payment/create-intent', payload: { plan_type: 'enterprise', billing_cycle: 'yearly' } }),
  },
  'GET /api/payment/test-checkout/:order_id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/payment/test-checkout/${await f.ownerOrder()}` }) },
  'POST /api/payment/test-checkout/:order_id': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/payment/test-checkout/${await f.ownerOrder()}`, payload: { outcome: 'fail' } }),
  },
  // The owner's genuinely signed result: anyone else is told there is no such order of theirs.
  'POST /api/payment/verify': {
    expect: ownerOnly(200),
    request: async (f) => {
      const orderId = await f.ownerOrder();
      const paid = await f.asJson<Record<string, string>>('owner', {
        method: 'POST',
        url: `/api/payment/test-checkout/${orderId}`,
        payload: { outcome: 'pay' },
      });
      return {
        url: '/api/payment/verify',
        payload: {
          payment_id: paid.razorpay_payment_id,
          order_id: orderId,
          signature: paid.razorpay_signature,
          plan_type: 'enterprise',
          billing_cycle: 'yearly',
        },
      };
    },
  },
  // Signed by Razorpay or nobody: no caller's session makes an unsigned body acceptable.
  'POST /api/payment/webhook': {
    expect: everyone(400),
    request: () => ({ url: '/api/payment/webhook', headers: { 'content-type': 'application/json' }, payload: '{"event":"payment.captured","payload":{}}' }),
  },
  'GET /api/payment/billing-history': { expect: signedIn(200), request: () => ({ url: '/api/payment/billing-history' }) },
  'GET /api/payment/methods': { expect: signedIn(200), request: () => ({ url: '/api/payment/methods' }) },
  'POST /api/payment/methods/:method_id/default': {
    expect: ownerOnly(204),
    request: async (f) => ({ url: `/api/payment/methods/${(await f.ownerPurchase()).methodId}/default` }),
  },
  'DELETE /api/payment/methods/:method_id': {
    expect: ownerOnly(204),
    request: async (f) => ({ url: `/api/payment/methods/${(await f.ownerPurchase()).methodId}` }),
  },
  // Each caller names the owner's subscription: only the owner's own is found (and cancelling again is harmless).
  'POST /api/payment/subscription/cancel': {
    expect: ownerOnly(200),
    request: async (f) => {
      await f.ownerPurchase();
      return { url: '/api/payment/subscription/cancel', payload: { subscription_id: f.userId('owner') } };
    },
  },
  // A receipt is its payer's, and admins read any.
  'GET /api/payment/receipts/:receipt_number': {
    expect: { ...ownerOnly(200), admin: 200, super: 200 },
    request: async (f) => ({ url: `/api/payment/receipts/${(await f.ownerPurchase()).receipt}` }),
  },
  // The domain and TRAI rows are signed in; a workspace key with domains:read or domains:write takes them too (workspace-key-scopes.test.ts).
  'GET /api/custom-domains': { expect: signedIn(200), request: () => ({ url: '/api/custom-domains' }) },
  // Domains are a paid feature: the owner is on enterprise, the others on free.
  'POST /api/custom-domains': {
    expect: { ...signedIn(403), owner: 201 },
    request: (f) => ({ url: '/api/custom-domains', payload: { domain: `${f.unique()}.acme.in` } }),
  },
  'POST /api/custom-domains/:id/verify': {
    expect: ownerWithFeature(200),
    request: async (f) => ({ url: `/api/custom-domains/${(await f.ownerDomain()).id}/verify` }),
  },
  'POST /api/custom-domains/:id/set-active': {
    expect: ownerWithFeature(200),
    request: async (f) => ({ url: `/api/custom-domains/${(await f.ownerVerifiedDomain()).id}/set-active` }),
  },
  'DELETE /api/custom-domains/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/custom-domains/${(await f.ownerDomain()).id}` }) },
  'GET /api/custom-domains/trai': { expect: signedIn(200), request: () => ({ url: '/api/custom-domains/trai' }) },
  'POST /api/custom-domains/trai': {
    expect: { ...signedIn(403), owner: 201 },
    request: (f) => ({ url: '/api/custom-domains/trai', payload: { header: f.unique().slice(-6).padStart(6, 'X').toUpperCase(), domain_type: 'our_domain' } }),
  },
  'POST /api/custom-domains/trai/:id/verify': {
    expect: ownerWithFeature(200),
    request: async (f) => ({ url: `/api/custom-domains/trai/${(await f.ownerTrai()).id}/verify` }),
  },
  'POST /api/custom-domains/trai/:id/set-active': {
    expect: ownerWithFeature(200),
    request: async (f) => ({ url: `/api/custom-domains/trai/${(await f.ownerTrai()).id}/set-active` }),
  },
  'DELETE /api/custom-domains/trai/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/custom-domains/trai/${(await f.ownerTrai()).id}` }) },
  'GET /api/admin/trai-approvals': { expect: adminOnly(200), request: () => ({ url: '/api/admin/trai-approvals' }) },
  'POST /api/admin/trai-approvals/:id/approve': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/trai-approvals/${(await f.ownerPendingTrai()).id}/approve` }),
  },
  'POST /api/admin/trai-approvals/:id/reject': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/trai-approvals/${(await f.ownerPendingTrai()).id}/reject`, payload: { reason: 'No DLT registration on file.' } }),
  },
  'POST /api/support/tickets': {
    expect: signedIn(201),
    request: () => ({ url: '/api/support/tickets', payload: { subject: 'Help', message: 'Please help.' } }),
  },
  'GET /api/support/tickets': { expect: signedIn(200), request: () => ({ url: '/api/support/tickets' }) },
  // A ticket is its owner's; admins read any (and answer from the inbox below).
  'GET /api/support/tickets/:id': {
    expect: { ...ownerOnly(200), admin: 200, super: 200 },
    request: async (f) => ({ url: `/api/support/tickets/${(await ownerTicket(f)).id}` }),
  },
  'POST /api/support/tickets/:id/replies': {
    expect: ownerOnly(201),
    request: async (f) => ({ url: `/api/support/tickets/${(await ownerTicket(f)).id}/replies`, payload: { message: 'More detail.' } }),
  },
  'GET /api/admin/support/tickets': { expect: adminOnly(200), request: () => ({ url: '/api/admin/support/tickets', query: { status: 'open' } }) },
  'POST /api/admin/support/tickets/:id/replies': {
    expect: adminOnly(201),
    request: async (f) => ({ url: `/api/admin/support/tickets/${(await ownerTicket(f)).id}/replies`, payload: { message: 'We are on it.' } }),
  },
  'POST /api/admin/support/tickets/:id/close': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/support/tickets/${(await ownerTicket(f)).id}/close` }),
  },
  // A workspace is its members' alone: to anyone else it does not exist (404, never 403).
  'GET /api/workspaces': { expect: signedIn(200), request: () => ({ url: '/api/workspaces' }) },
  'POST /api/workspaces': { expect: signedIn(201), request: (f) => ({ url: '/api/workspaces', payload: { name: 'Team', slug: `team-${f.unique()}` } }) },
  // Reading a workspace, its members and its activity also takes its key with workspace:read (workspace-key-scopes.test.ts).
  'GET /api/workspaces/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/workspaces/${(await ownerWorkspace(f)).id}` }) },
  'PATCH /api/workspaces/:id': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/workspaces/${(await ownerWorkspace(f)).id}`, payload: { name: 'Renamed' } }),
  },
  'DELETE /api/workspaces/:id': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/workspaces/${(await ownerWorkspace(f)).id}` }) },
  'GET /api/workspaces/:id/members': { expect: ownerOnly(200), request: async (f) => ({ url: `/api/workspaces/${(await ownerWorkspace(f)).id}/members` }) },
  'GET /api/workspaces/:id/activity': { expect: ownerOnly(200), request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/activity` }) },
  // The owner keeps the role they have: accepted, nothing changes.
  'PATCH /api/workspaces/:id/members/:userId': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/workspaces/${(await ownerWorkspace(f)).id}/members/${f.userId('owner')}`, payload: { role: 'owner' } }),
  },
  // The owner alone: leaving is refused until ownership is handed over.
  'DELETE /api/workspaces/:id/members/:userId': {
    expect: ownerOnly(409),
    request: async (f) => ({ url: `/api/workspaces/${(await ownerWorkspace(f)).id}/members/${f.userId('owner')}` }),
  },
  // Ownership goes only to another member, and the owner is alone in it.
  'POST /api/workspaces/:id/transfer': {
    expect: ownerOnly(400),
    request: async (f) => ({ url: `/api/workspaces/${(await ownerWorkspace(f)).id}/transfer`, payload: { user_id: f.userId('other') } }),
  },
  'POST /api/workspaces/:id/invites': {
    expect: ownerOnly(201),
    request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/invites`, payload: { email: `${f.unique()}@example.com`, role: 'member' } }),
  },
  'DELETE /api/workspaces/:id/invites/:inviteId': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/workspaces/${f.userId('owner')}/invites/${(await ownerInvite(f)).id}` }),
  },
  // Webhooks: the owner's workspace's alone (its plan has them; others are not members, so it is not found for them); the receiver is a closed local port (the app allows local targets here).
  'GET /api/workspaces/:id/webhooks': { expect: ownerOnly(200), request: (f) => ({ url: ownerWebhooks(f) }) },
  'POST /api/workspaces/:id/webhooks': {
    expect: ownerOnly(201),
    request: (f) => ({ url: ownerWebhooks(f), payload: { name: `Hook ${f.unique()}`, url: 'http://127.0.0.1:9/hook', events: ['member.joined'] } }),
  },
  'PATCH /api/workspaces/:id/webhooks/:webhookId': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `${ownerWebhooks(f)}/${(await ownerWebhook(f)).id}`, payload: { name: `Renamed ${f.unique()}` } }),
  },
  'DELETE /api/workspaces/:id/webhooks/:webhookId': {
    expect: ownerOnly(200),
    request: async (f, role) => ({ url: `${ownerWebhooks(f)}/${(await (role === 'owner' ? newOwnerWebhook(f) : ownerWebhook(f))).id}` }),
  },
  'GET /api/workspaces/:id/webhooks/:webhookId/deliveries': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `${ownerWebhooks(f)}/${(await ownerWebhook(f)).id}/deliveries` }),
  },
  'POST /api/workspaces/:id/webhooks/:webhookId/test': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `${ownerWebhooks(f)}/${(await ownerWebhook(f)).id}/test` }),
  },
  'POST /api/workspaces/:id/webhooks/:webhookId/replay': {
    expect: ownerOnly(202),
    request: async (f) => ({ url: `${ownerWebhooks(f)}/${(await ownerWebhook(f)).id}/replay`, payload: { from: '1' } }),
  },
  'GET /api/workspaces/:id/api-keys': { expect: ownerOnly(200), request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/api-keys` }) },
  'POST /api/workspaces/:id/api-keys': {
    expect: ownerOnly(201),
    request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/api-keys`, payload: { name: `Key ${f.unique()}`, scopes: ['links:read'] } }),
  },
  'DELETE /api/workspaces/:id/api-keys/:keyId': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `/api/workspaces/${f.userId('owner')}/api-keys/${(await ownerWorkspaceKey(f)).id}` }),
  },
  // White label (docs/pages.md#white-label): the owner's workspace is on Enterprise.
  'GET /api/workspaces/:id/branding': { expect: ownerOnly(200), request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/branding` }) },
  'PUT /api/workspaces/:id/branding': {
    expect: ownerOnly(200),
    request: (f) => ({
      url: `/api/workspaces/${f.userId('owner')}/branding`,
      payload: { name: 'Owner Co', primary_color: '#123456', background_color: '#ffffff' },
    }),
  },
  'DELETE /api/workspaces/:id/branding': { expect: ownerOnly(200), request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/branding` }) },
  'POST /api/workspaces/:id/branding/logo': {
    expect: ownerOnly(201),
    request: (f) => ({ url: `/api/workspaces/${f.userId('owner')}/branding/logo`, headers: { 'content-type': 'image/png' }, payload: discPng(32) }),
  },
  'GET /api/workspaces/:id/surveys': { expect: ownerOnly(200), request: (f) => ({ url: ownerSurveys(f) }) },
  'POST /api/workspaces/:id/surveys': { expect: ownerOnly(201), request: (f) => ({ url: ownerSurveys(f), payload: surveyBody(f) }), undo: dropNewSurveys },
  'GET /api/workspaces/:id/surveys/:surveyId': { expect: ownerOnly(200), request: async (f) => ({ url: `${ownerSurveys(f)}/${(await ownerSurvey(f)).id}` }) },
  'PATCH /api/workspaces/:id/surveys/:surveyId': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `${ownerSurveys(f)}/${(await ownerSurvey(f)).id}`, payload: { title: 'Renamed survey' } }),
  },
  // A fresh survey for the owner alone, so the others' calls make none that stays.
  'DELETE /api/workspaces/:id/surveys/:surveyId': {
    expect: ownerOnly(200),
    request: async (f, role) => ({
      url: `${ownerSurveys(f)}/${role === 'owner' ? (await f.asJson<{ id: number }>('owner', { method: 'POST', url: ownerSurveys(f), payload: surveyBody(f) })).id : (await ownerSurvey(f)).id}`,
    }),
  },
  'GET /api/workspaces/:id/surveys/:surveyId/results': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `${ownerSurveys(f)}/${(await ownerSurvey(f)).id}/results` }),
  },
  'GET /api/workspaces/:id/surveys/:surveyId/responses.csv': {
    expect: ownerOnly(200),
    request: async (f) => ({ url: `${ownerSurveys(f)}/${(await ownerSurvey(f)).id}/responses.csv` }),
  },
  // A token no invite has: whoever is signed in is told so.
  'POST /api/workspace-invites/accept': {
    expect: signedIn(404),
    request: () => ({ url: '/api/workspace-invites/accept', payload: { token: 'no-such-invite' } }),
  },
  'POST /api/workspace-invites/decline': {
    expect: signedIn(404),
    request: () => ({ url: '/api/workspace-invites/decline', payload: { token: 'no-such-invite' } }),
  },
  // Public (the invited person may have no account yet): a token no invite has is not found for anyone.
  'POST /api/workspace-invites/preview': {
    expect: everyone(404),
    request: () => ({ url: '/api/workspace-invites/preview', payload: { token: 'no-such-invite' } }),
  },
  // Asked by the reverse proxy, which has no session: a verified domain is answered to anyone.
  'GET /api/domains/tls-allowed': {
    expect: everyone(200),
    request: async (f) => ({ url: '/api/domains/tls-allowed', query: { domain: (await f.ownerVerifiedDomain()).domain } }),
  },
  'GET /api/admin/users/:id/payments': { expect: adminOnly(200), request: (f) => ({ url: `/api/admin/users/${f.userId('owner')}/payments` }) },
  // The owner is already on enterprise: the admin's call is accepted and changes nothing.
  'POST /api/admin/users/:id/change-plan': {
    expect: adminOnly(200),
    request: (f) => ({ url: `/api/admin/users/${f.userId('owner')}/change-plan`, payload: { plan_type: 'enterprise' } }),
  },
  'GET /api/admin/users/:id/paid-period': { expect: adminOnly(200), request: (f) => ({ url: `/api/admin/users/${f.userId('owner')}/paid-period` }) },
  'GET /api/admin/users': { expect: adminOnly(200), request: () => ({ url: '/api/admin/users', query: { search: 'example.com', limit: '5' } }) },
  'GET /api/admin/users/:id': { expect: adminOnly(200), request: (f) => ({ url: `/api/admin/users/${f.userId('owner')}` }) },
  'POST /api/admin/users/:id/suspend': { expect: adminOnly(200), request: freshUserAction('suspend') },
  'POST /api/admin/users/:id/ban': { expect: adminOnly(200), request: freshUserAction('ban') },
  'POST /api/admin/users/:id/activate': {
    expect: adminOnly(200),
    request: async (f) => {
      const id = await f.newUser();
      await f.asAdmin({ method: 'POST', url: `/api/admin/users/${id}/suspend` });
      return { url: `/api/admin/users/${id}/activate` };
    },
  },
  'GET /api/admin/api/users/:id/limits': { expect: adminOnly(200), request: (f) => ({ url: `/api/admin/api/users/${f.userId('other')}/limits` }) },
  'PUT /api/admin/api/users/:id/limits': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/api/users/${await f.newUser()}/limits`, payload: { custom_monthly_links_limit: 50 } }),
  },
  'GET /api/admin/events': { expect: adminOnly(200), request: () => ({ url: '/api/admin/events', query: { category: 'link' } }) },
  'GET /api/admin/entities/:kind/:id/timeline': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/entities/link/${(await f.ownerLink()).id}/timeline` }),
  },
  'GET /api/admin/entities/:kind/:id/state': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/entities/link/${(await f.ownerLink()).id}/state` }),
  },
  'PATCH /api/admin/links/:id': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/links/${(await f.ownerLink()).id}`, payload: { title: 'Corrected' } }),
  },
  'GET /api/admin/links': { expect: adminOnly(200), request: () => ({ url: '/api/admin/links', query: { search: 'owner@' } }) },
  'POST /api/admin/links/:id/disable': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/links/${(await f.ownerLink()).id}/disable`, payload: { reason: 'Phishing' } }),
  },
  'POST /api/admin/links/:id/enable': {
    expect: adminOnly(200),
    request: async (f) => {
      const { id } = await f.ownerLink();
      await f.asAdmin({ method: 'POST', url: `/api/admin/links/${id}/disable`, payload: { reason: 'Phishing' } });
      return { url: `/api/admin/links/${id}/enable` };
    },
  },
  'GET /api/admin/stats': { expect: adminOnly(200), request: () => ({ url: '/api/admin/stats' }) },
  'GET /api/admin/system': { expect: adminOnly(200), request: () => ({ url: '/api/admin/system' }) },
  'GET /api/admin/projections': { expect: adminOnly(200), request: () => ({ url: '/api/admin/projections' }) },
  // A rebuild runs one at a time: each accepted start is waited for before the next caller's.
  'POST /api/admin/projections/:name/rebuild': { expect: adminOnly(202), request: () => ({ url: '/api/admin/projections/read/rebuild' }), undo: rebuildOver },
  'POST /api/admin/projections/replay-bots': { expect: adminOnly(202), request: () => ({ url: '/api/admin/projections/replay-bots' }), undo: rebuildOver },
  'GET /api/admin/bot-policy': { expect: adminOnly(200), request: () => ({ url: '/api/admin/bot-policy' }) },
  'PUT /api/admin/bot-policy': { expect: adminOnly(200), request: () => ({ url: '/api/admin/bot-policy', payload: { known_bots: true, patterns: [] } }) },
  'GET /api/admin/users/:id/subscription': { expect: adminOnly(200), request: (f) => ({ url: `/api/admin/users/${f.userId('owner')}/subscription` }) },
  'GET /api/admin/users/:id/subscription/history': {
    expect: adminOnly(200),
    request: (f) => ({ url: `/api/admin/users/${f.userId('owner')}/subscription/history` }),
  },
  'GET /api/admin/workspaces': { expect: adminOnly(200), request: () => ({ url: '/api/admin/workspaces', query: { search: 'team', limit: '5' } }) },
  'GET /api/admin/workspaces/:id/subscription': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/workspaces/${(await ownerWorkspace(f)).id}/subscription` }),
  },
  'GET /api/admin/workspaces/:id/subscription/history': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/workspaces/${(await ownerWorkspace(f)).id}/subscription/history` }),
  },
  'POST /api/admin/workspaces/:id/change-plan': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/workspaces/${(await ownerWorkspace(f)).id}/change-plan`, payload: { plan_type: 'pro' } }),
  },
  'GET /api/admin/workspaces/:id/limits': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/workspaces/${(await ownerWorkspace(f)).id}/limits` }),
  },
  'GET /api/admin/workspaces/:id/payments': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/workspaces/${(await ownerWorkspace(f)).id}/payments` }),
  },
  'PUT /api/admin/workspaces/:id/limits': {
    expect: adminOnly(200),
    request: async (f) => ({ url: `/api/admin/workspaces/${(await ownerWorkspace(f)).id}/limits`, payload: { custom_seats_limit: 4 } }),
  },
  // Each row adds a provider, then puts the installation back (none configured).
  'GET /api/admin/oauth-config': { expect: adminOnly(200), request: () => ({ url: '/api/admin/oauth-config' }) },
  'POST /api/admin/oauth-config': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/oauth-config', payload: TWITTER }),
    undo: (f) => f.asAdmin({ method: 'DELETE', url: '/api/admin/oauth-config/twitter' }),
  },
  'PUT /api/admin/oauth-config/:provider': {
    expect: adminOnly(200),
    request: async (f) => {
      await f.twitterConfigured();
      return { url: '/api/admin/oauth-config/twitter', payload: { ...TWITTER, provider: undefined, client_secret: '' } };
    },
    undo: (f) => f.asAdmin({ method: 'DELETE', url: '/api/admin/oauth-config/twitter' }),
  },
  'PATCH /api/admin/oauth-config/:provider/toggle': {
    expect: adminOnly(200),
    request: async (f) => {
      await f.twitterConfigured();
      return { url: '/api/admin/oauth-config/twitter/toggle', query: { enabled: 'false' } };
    },
    undo: (f) => f.asAdmin({ method: 'DELETE', url: '/api/admin/oauth-config/twitter' }),
  },
  'DELETE /api/admin/oauth-config/:provider': {
    expect: adminOnly(200),
    request: async (f) => {
      await f.twitterConfigured();
      return { url: '/api/admin/oauth-config/twitter' };
    },
  },
  'GET /api/admin/plans': { expect: adminOnly(200), request: () => ({ url: '/api/admin/plans' }) },
  // An edit that changes nothing: accepted, and the catalogue stays as shipped for the other rows.
  'PUT /api/subscription/plans/:id': { expect: adminOnly(200), request: () => ({ url: '/api/subscription/plans/2', payload: { display_name: 'Pro' } }) },
  'GET /api/admin/email-config': { expect: adminOnly(200), request: () => ({ url: '/api/admin/email-config' }) },
  // Settings equal to the defaults: accepted, and mail stays on the outbox for the other rows.
  'POST /api/admin/email-config': { expect: adminOnly(200), request: () => ({ url: '/api/admin/email-config', payload: {} }) },
  'POST /api/admin/test-email': { expect: adminOnly(200), request: () => ({ url: '/api/admin/test-email', payload: { test_email: 'ops@example.com' } }) },
  'GET /api/admin/email-stats': { expect: adminOnly(200), request: () => ({ url: '/api/admin/email-stats' }) },
  'GET /api/admin/analysts': { expect: adminOnly(200), request: () => ({ url: '/api/admin/analysts' }) },
  'POST /api/admin/analysts': { expect: adminOnly(201), request: (f) => ({ url: '/api/admin/analysts', payload: { name: f.unique() } }) },
  'DELETE /api/admin/analysts/:id': {
    expect: adminOnly(200),
    request: async (f) => ({
      url: `/api/admin/analysts/${(await f.asAdminJson<{ id: string }>({ method: 'POST', url: '/api/admin/analysts', payload: { name: f.unique() } })).id}`,
    }),
  },
  'POST /api/admin/sql': { expect: adminOnly(200), request: () => ({ url: '/api/admin/sql', payload: { query: 'SELECT 1' } }) },
  'POST /api/admin/sql/export': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/sql/export', payload: { query: 'SELECT 1', format: 'CSVWithNames' } }),
  },
  'GET /api/admin/sql/queries': { expect: adminOnly(200), request: () => ({ url: '/api/admin/sql/queries' }) },
  'POST /api/admin/sql/queries': { expect: adminOnly(201), request: () => ({ url: '/api/admin/sql/queries', payload: { name: 'One', sql: 'SELECT 1' } }) },
  // Saved queries are each admin's own: the super admin's is not found for another admin.
  'DELETE /api/admin/sql/queries/:id': {
    expect: { ...adminOnly(200), admin: 404 },
    request: async (f) => ({
      url: `/api/admin/sql/queries/${(await f.asAdminJson<{ id: string }>({ method: 'POST', url: '/api/admin/sql/queries', payload: { name: 'One', sql: 'SELECT 1' } })).id}`,
    }),
  },
  // Only the super admin grants the admin role.
  'PUT /api/admin/users/:id/role': {
    expect: { ...adminOnly(200), admin: 403 },
    request: async (f) => ({ url: `/api/admin/users/${await f.newUser()}/role`, payload: { role: 'admin' } }),
  },
  // Only the super admin purges analytics (the log keeps the clicks).
  'POST /api/admin/analytics/purge': {
    expect: { ...adminOnly(200), admin: 403 },
    request: () => ({ url: '/api/admin/analytics/purge', payload: { older_than_days: 3650 } }),
  },
  'GET /api/users/me/stats': { expect: signedIn(200), request: () => ({ url: '/api/users/me/stats' }) },
  'GET /api/users/me/domain-info': { expect: signedIn(200), request: () => ({ url: '/api/users/me/domain-info' }) },
  // With a key in place: reveal answers it (not 404), and generate answers it again (200, not 201).
  'GET /api/users/me/api-key': {
    expect: signedIn(200),
    request: async (f, role) => {
      await f.apiKey(role);
      return { url: '/api/users/me/api-key' };
    },
  },
  'POST /api/users/me/generate-api-key': {
    expect: signedIn(200),
    request: async (f, role) => {
      await f.apiKey(role);
      return { url: '/api/users/me/generate-api-key' };
    },
  },
  'POST /api/users/me/regenerate-api-key': { expect: signedIn(200), request: () => ({ url: '/api/users/me/regenerate-api-key' }) },
  // Called with each role's API key (which wins over its session): the key says whose account.
  'POST /api/urls/api': {
    expect: signedIn(201),
    request: async (f, role) => ({ url: '/api/urls/api', headers: keyHeader(await f.apiKey(role)), payload: { original_url: 'https://example.com/api' } }),
  },
  // cutt.ly's shape: every caller gets 200; without a valid key the answer is status 4 and nothing is created.
  'GET /api/shorten': {
    expect: everyone(200),
    request: async (f, role) => {
      const key = await f.apiKey(role);
      return { url: '/api/shorten', query: { short: 'https://example.com/cuttly', ...(key ? { key } : {}) } };
    },
  },
  'POST /api/auth/logout': { expect: signedIn(200), request: async (f, role) => ({ url: '/api/auth/logout', headers: await f.freshSession(role) }) },
  'POST /api/auth/request-verification': { expect: signedIn(200), request: () => ({ url: '/api/auth/request-verification' }) },
  // Public by design: the token in the body, not a session, says whose account it is.
  'POST /api/verify-email': { expect: everyone(400), request: () => ({ url: '/api/verify-email', payload: { token: 'not-a-real-token' } }) },
  'POST /api/forgot-password': { expect: everyone(200), request: () => ({ url: '/api/forgot-password', payload: { email: 'owner@example.com' } }) },
  'POST /api/reset-password': {
    expect: everyone(400),
    request: () => ({ url: '/api/reset-password', payload: { token: 'not-a-real-token', new_password: 'another1' } }),
  },
  'GET /api/public/signup-status': { expect: everyone(200), request: () => ({ url: '/api/public/signup-status' }) },
  'GET /api/admin/system-settings/signup-status': { expect: adminOnly(200), request: () => ({ url: '/api/admin/system-settings/signup-status' }) },
  'POST /api/admin/system-settings/signup-toggle': {
    expect: adminOnly(200),
    request: () => ({ url: '/api/admin/system-settings/signup-toggle' }),
    undo: (f) => f.asAdmin({ method: 'POST', url: '/api/admin/system-settings/signup-toggle' }),
  },
  'GET /api/auth/providers': { expect: everyone(200), request: () => ({ url: '/api/auth/providers' }) },
  // No provider is configured here: every caller gets the same refusal, nobody gets more.
  'GET /api/auth/:provider/authorize': { expect: everyone(400), request: () => ({ url: '/api/auth/google/authorize' }) },
  'POST /api/auth/:provider/callback': {
    expect: everyone(400),
    request: () => ({ url: '/api/auth/google/callback', payload: { code: 'abc', redirect_uri: 'http://localhost/auth/callback', state: 'forged' } }),
  },
  'POST /api/settings/export': { expect: signedIn(202), request: () => ({ url: '/api/settings/export' }) },
  // Each signed-in caller has started one of their own first.
  'GET /api/settings/export': {
    expect: signedIn(200),
    request: async (f, role) => {
      if (role !== 'anonymous' && role !== 'suspended') await f.asJson(role, { method: 'POST', url: '/api/settings/export' });
      return { url: '/api/settings/export' };
    },
  },
  // The owner's finished export: anyone else is told they have none by that id.
  'GET /api/settings/export/:id/download': {
    expect: ownerOnly(200),
    request: async (f) => {
      await f.asJson('owner', { method: 'POST', url: '/api/settings/export' });
      let job: { status: string; id: string } = await f.asJson('owner', { method: 'GET', url: '/api/settings/export' });
      for (let i = 0; i < 200 && job.status === 'running'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 25));
        job = await f.asJson('owner', { method: 'GET', url: '/api/settings/export' });
      }
      return { url: `/api/settings/export/${job.id}/download` };
    },
  },
  // Nobody's account goes here: the confirmation never matches, so each caller is refused before anything is written.
  'POST /api/settings/account/delete': {
    expect: signedIn(403),
    request: () => ({ url: '/api/settings/account/delete', payload: { password: 'secret123', confirm_email: 'not-mine@example.com' } }),
  },
  'GET /api/settings/notifications': { expect: signedIn(200), request: () => ({ url: '/api/settings/notifications' }) },
  'PUT /api/settings/notifications': {
    expect: signedIn(200),
    request: () => ({ url: '/api/settings/notifications', payload: { weekly_summary: true, usage_warnings: true, moderation_notices: true } }),
  },
  'GET /api/settings/profile': { expect: signedIn(200), request: () => ({ url: '/api/settings/profile' }) },
  'PUT /api/settings/profile': {
    expect: signedIn(200),
    request: () => ({ url: '/api/settings/profile', payload: { full_name: 'Row', phone: '+91 98765 43210' } }),
  },
  'POST /api/settings/email': {
    expect: signedIn(200),
    request: (f) => ({ url: '/api/settings/email', payload: { new_email: `${f.unique()}@example.com`, current_password: 'secret123' } }),
  },
  // Public by design: the link may be opened where nobody is signed in; the token says whose account it is.
  'POST /api/settings/email/confirm': {
    expect: everyone(400),
    request: () => ({ url: '/api/settings/email/confirm', payload: { token: 'not-a-real-token' } }),
  },
  // The same password again: the caller's session stays, and the fixtures still sign in with it.
  // The current password again as the new one: refused once the caller is let in, and every row keeps its password.
  'POST /api/settings/password': {
    expect: signedIn(400),
    request: () => ({ url: '/api/settings/password', payload: { current_password: 'secret123', new_password: 'secret123' } }),
  },
  'GET /api/settings/sessions': { expect: signedIn(200), request: () => ({ url: '/api/settings/sessions' }) },
  'GET /api/settings/second-factor': { expect: signedIn(200), request: () => ({ url: '/api/settings/second-factor' }) },
  // Nobody here has a second factor: a wrong password, then nothing to confirm or spend a code on.
  'POST /api/settings/second-factor/start': {
    expect: signedIn(403),
    request: () => ({ url: '/api/settings/second-factor/start', payload: { current_password: 'not-the-password' } }),
  },
  'POST /api/settings/second-factor/confirm': {
    expect: signedIn(409),
    request: () => ({ url: '/api/settings/second-factor/confirm', payload: { code: '000000' } }),
  },
  'POST /api/settings/second-factor/recovery-codes': {
    expect: signedIn(409),
    request: () => ({ url: '/api/settings/second-factor/recovery-codes', payload: { code: '000000' } }),
  },
  'POST /api/settings/second-factor/disable': {
    expect: signedIn(409),
    request: () => ({ url: '/api/settings/second-factor/disable', payload: { current_password: 'secret123', code: '000000' } }),
  },
  'POST /api/token/second-factor': { expect: everyone(400), request: () => ({ url: '/api/token/second-factor', payload: { challenge: 'not-a-challenge' } }) },
  'POST /api/reset-password/check': { expect: everyone(200), request: () => ({ url: '/api/reset-password/check', payload: { token: 'not-a-real-token' } }) },
  'POST /api/reset-password/second-factor': {
    expect: everyone(200),
    request: () => ({ url: '/api/reset-password/second-factor', payload: { token: 'not-a-real-token' } }),
  },
  // A session of the owner's: nobody else can sign it out.
  'DELETE /api/settings/sessions/:jti': {
    expect: ownerOnly(200),
    request: async (f) => {
      const token = (await f.freshSession('owner')).authorization!.split(' ')[1]!;
      const { jti } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { jti: string };
      return { url: `/api/settings/sessions/${jti}` };
    },
  },
  'POST /api/settings/sessions/revoke-others': { expect: signedIn(200), request: () => ({ url: '/api/settings/sessions/revoke-others' }) },
};

/**
 * The only request parts that take fields they do not know, and why: each serves clients
 * written for another API, which send what that API takes. Every other body and query refuses
 * an unknown field with a 400 naming it (docs/architecture.md#validation).
 */
const TAKES_UNKNOWN_FIELDS: Record<string, string> = {
  // OAuth2's password grant: standard clients add grant_type, scope, client_id and client_secret.
  'POST /api/token body': 'an OAuth2 password-grant form',
  // cutt.ly's query-string API: its clients send its other options (noTitle, public, …).
  'GET /api/shorten querystring': 'cutt.ly-compatible',
  // The reverse proxy's on-demand TLS question: a newer proxy adding a parameter must not stop every certificate.
  'GET /api/domains/tls-allowed querystring': 'asked by the reverse proxy',
};
/** A field no request of the API takes. */
const UNKNOWN_FIELD = 'not_a_field_we_take';
/**
 * A caller the row lets through to validation: the first one it answers without a refusal
 * (the owner first: rows act on the owner's things), else the owner, whom such rows refuse only
 * after validating (a wrong password, a token no invite has).
 */
const allowedCaller = (row: Row): Exclude<Role, 'anonymous'> =>
  (['owner', 'super', 'admin', 'other'] as const).find((role) => ![401, 403, 404].includes(row.expect[role])) ?? 'owner';
/** The row's call with one unknown field added to its body or its query. */
const withUnknownField = (options: Omit<InjectOptions, 'method'>, part: 'body' | 'querystring'): Omit<InjectOptions, 'method'> => {
  if (part === 'querystring') return { ...options, query: { ...(options.query as Record<string, string> | undefined), [UNKNOWN_FIELD]: '1' } };
  if (typeof options.payload === 'string') return { ...options, payload: `${options.payload}&${UNKNOWN_FIELD}=1` };
  return { ...options, payload: { ...(options.payload as Record<string, unknown> | undefined), [UNKNOWN_FIELD]: 1 } };
};

describe('authorization of every route', () => {
  let t: TestApp;
  const sessions: Partial<Record<Role, Session>> = {};
  let n = 0;
  let purchase: Promise<{ receipt: string; methodId: string }> | null = null;
  let verifiedDomain: Promise<{ id: number; domain: string }> | null = null;
  let domain: { id: number; domain: string } | null = null;
  let trai: { id: number } | null = null;
  let dns: DnsTestServer;
  beforeAll(async () => {
    dns = await startDnsTestServer();
    // Rows register many accounts from one address: no registration throttle here.
    t = await startTestApp({ REGISTRATIONS_PER_IP: '0', DNS_SERVERS: dns.address, DOMAIN_TARGET_IPS: '203.0.113.7', WEBHOOKS_ALLOW_PRIVATE_TARGETS: '1' });
    sessions.super = await signUp(t.app, 'super@example.com', 'secret123'); // first account: super admin
    sessions.owner = await signUp(t.app, 'owner@example.com', 'secret123');
    // Each row creates links, more than free allows a month; and export is a paid feature.
    await givePlan(t.platform, sessions.owner.user.id, 'enterprise');
    sessions.other = await signUp(t.app, 'other@example.com', 'secret123');
    sessions.admin = await signUp(t.app, 'admin@example.com', 'secret123');
    await fixture.asAdmin({ method: 'PUT', url: `/api/admin/users/${sessions.admin.user.id}/role`, payload: { role: 'admin' } });
    // Signed in before the suspension: the token it holds stops working with it.
    sessions.suspended = await signUp(t.app, 'suspended@example.com', 'secret123');
    await fixture.asAdmin({ method: 'POST', url: `/api/admin/users/${sessions.suspended.user.id}/suspend` });
  });
  afterAll(async () => {
    await t.close();
    await dns.close();
  });

  const asJson = async <T>(role: Exclude<Role, 'anonymous'>, options: InjectOptions): Promise<T> => {
    const response = await t.app.inject({ ...options, headers: { ...options.headers, ...sessions[role]!.headers } });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.json<T>();
  };
  const ownerOrder = async () =>
    (
      await asJson<{ order: { order_id: string } }>('owner', {
        method: 'POST',
        url: '/api/payment/create-intent',
        payload: { plan_type: 'enterprise', billing_cycle: 'yearly' },
      })
    ).order.order_id;

  const fixture: Fixture = {
    unique: () => `user${++n}`,
    asJson,
    ownerOrder,
    // One domain serves a row's six callers (only the owner's call acts); a deleted one is replaced.
    async ownerDomain() {
      const mine = await asJson<{ id: number }[]>('owner', { method: 'GET', url: '/api/custom-domains' });
      if (!domain || !mine.some((item) => item.id === domain!.id)) {
        domain = await asJson('owner', { method: 'POST', url: '/api/custom-domains', payload: { domain: `${fixture.unique()}.acme.in` } });
      }
      return domain!;
    },
    ownerVerifiedDomain() {
      verifiedDomain ??= (async () => {
        const domain = await asJson<{ id: number; domain: string; dns_token: string }>('owner', {
          method: 'POST',
          url: '/api/custom-domains',
          payload: { domain: 'verified.acme.in' },
        });
        dns.set(`_linkledger-verify.${domain.domain}`, 'TXT', [domain.dns_token]);
        dns.set(domain.domain, 'A', ['203.0.113.7']);
        await asJson('owner', { method: 'POST', url: `/api/custom-domains/${domain.id}/verify` });
        return domain;
      })();
      return verifiedDomain;
    },
    async ownerTrai() {
      const mine = await asJson<{ id: number }[]>('owner', { method: 'GET', url: '/api/custom-domains/trai' });
      if (!trai || !mine.some((item) => item.id === trai!.id)) {
        trai = await asJson<{ id: number }>('owner', {
          method: 'POST',
          url: '/api/custom-domains/trai',
          payload: { header: fixture.unique().slice(-6).padStart(6, 'T').toUpperCase(), domain_type: 'our_domain' },
        });
        await fixture.asAdmin({ method: 'POST', url: `/api/admin/trai-approvals/${trai.id}/approve` });
      }
      return trai!;
    },
    // One pending header serves a row's callers until an admin decides it; decided ones are deleted to stay within the plan.
    async ownerPendingTrai() {
      const queue = await fixture.asAdminJson<{ id: number; owner_id: number }[]>({ method: 'GET', url: '/api/admin/trai-approvals' });
      const pending = queue.find((item) => item.owner_id === sessions.owner!.user.id);
      if (pending) return pending;
      const mine = await asJson<{ id: number; approval: string | null }[]>('owner', { method: 'GET', url: '/api/custom-domains/trai' });
      for (const decided of mine.filter((item) => item.approval !== 'pending' && item.id !== trai?.id))
        await asJson('owner', { method: 'DELETE', url: `/api/custom-domains/trai/${decided.id}` });
      return asJson<{ id: number }>('owner', {
        method: 'POST',
        url: '/api/custom-domains/trai',
        payload: { header: fixture.unique().slice(-6).padStart(6, 'P').toUpperCase(), domain_type: 'our_domain', dlt_registration_id: '1101000000000000001' },
      });
    },
    ownerPurchase() {
      purchase ??= (async () => {
        const orderId = await ownerOrder();
        const paid = await asJson<Record<string, string>>('owner', {
          method: 'POST',
          url: `/api/payment/test-checkout/${orderId}`,
          payload: { outcome: 'pay' },
        });
        const verified = await asJson<{ receipt_number: string }>('owner', {
          method: 'POST',
          url: '/api/payment/verify',
          payload: {
            payment_id: paid.razorpay_payment_id,
            order_id: orderId,
            signature: paid.razorpay_signature,
            plan_type: 'enterprise',
            billing_cycle: 'yearly',
          },
        });
        const methods = await asJson<{ payment_methods: { id: string }[] }>('owner', { method: 'GET', url: '/api/payment/methods' });
        return { receipt: verified.receipt_number, methodId: methods.payment_methods[0]!.id };
      })();
      return purchase;
    },
    userId: (role) => sessions[role]!.user.id,
    async freshSession(role): Promise<Record<string, string>> {
      if (role === 'anonymous') return {};
      const response = await t.app.inject({ method: 'POST', url: '/api/token', headers: form, payload: `username=${role}%40example.com&password=secret123` });
      // A suspended account cannot sign in again: it keeps the token it had.
      if (response.statusCode !== 200) return sessions[role]!.headers;
      return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
    },
    async apiKey(role) {
      if (role === 'anonymous') return null;
      const response = await t.app.inject({ method: 'POST', url: '/api/users/me/generate-api-key', headers: sessions[role]!.headers });
      return response.json<{ api_key?: string }>().api_key ?? null;
    },
    async asAdmin(options) {
      const response = await t.app.inject({ ...options, headers: { ...options.headers, ...sessions.super!.headers } });
      expect(response.statusCode, response.body).toBeLessThan(300);
    },
    async asAdminJson<T>(options: InjectOptions) {
      const response = await t.app.inject({ ...options, headers: { ...options.headers, ...sessions.super!.headers } });
      expect(response.statusCode, response.body).toBeLessThan(300);
      return response.json<T>();
    },
    async twitterConfigured() {
      const headers = sessions.super!.headers;
      const added = await t.app.inject({ method: 'POST', url: '/api/admin/oauth-config', headers, payload: TWITTER });
      expect([200, 409], added.body).toContain(added.statusCode);
    },
    async newUser() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload: { email: `${fixture.unique()}@example.com`, password: 'secret123' },
      });
      return response.json<{ id: number }>().id;
    },
    async ownerLink() {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/urls',
        headers: sessions.owner!.headers,
        payload: { original_url: 'https://example.com/owned' },
      });
      return response.json();
    },
  };

  it('has a rule for every API route the server answers', () => {
    const routes = t.app.routeList
      .filter((route) => route.url.startsWith('/api/') && !route.hidden && route.method !== 'HEAD' && !route.url.startsWith('/api/docs'))
      .map((route) => `${route.method} ${route.url}`);
    expect(routes.filter((route) => !(route in table))).toEqual([]);
    expect(Object.keys(table).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('expects of every route what its declared access promises (the hook enforces the declarations)', () => {
    const declared = new Map(t.app.routeList.map((route) => [`${route.method} ${route.url}`, route.access]));
    const promised: Record<string, (expect: Record<Role, number>) => boolean> = {
      anyone: (e) => e.anonymous !== 401,
      user: (e) => e.anonymous === 401,
      user_or_api_key: (e) => e.anonymous === 401,
      admin: (e) => e.anonymous === 401 && e.other === 403 && e.owner === 403 && e.suspended === 401 && (e.admin < 400 || e.super < 400),
      super_admin: (e) => e.anonymous === 401 && e.other === 403 && e.owner === 403 && e.admin === 403 && e.suspended === 401 && e.super < 400,
    };
    const mismatched = Object.entries(table)
      .filter(([route, row]) => !promised[declared.get(route) ?? 'missing']?.(row.expect))
      .map(([route]) => `${route} (declares ${declared.get(route) ?? 'nothing'})`);
    expect(mismatched).toEqual([]);
    // Every /api route declares one, hidden ones included (the websocket, the OpenAPI document).
    const undeclared = t.app.routeList.filter((route) => route.url.startsWith('/api/') && !route.url.startsWith('/api/docs') && !route.access);
    expect(undeclared).toEqual([]);
  });

  // What a key's scopes open (docs/developer-api.md#what-each-scope-opens); every other route takes a
  // signed-in session only, so no key mints keys, manages members, pays or deletes a workspace.
  it('takes an API key on the calls the scopes open, and on no other', () => {
    const keyed = t.app.routeList.filter((route) => route.access === 'user_or_api_key').map((route) => `${route.method} ${route.url}`);
    expect(keyed.sort()).toEqual(
      [
        'GET /api/urls',
        'POST /api/urls/api',
        'POST /api/urls/bulk',
        'PATCH /api/urls/:id',
        'POST /api/urls/:id/promote-variant',
        'GET /api/urls/:id/analytics',
        'GET /api/urls/:id/analytics/enterprise',
        'GET /api/urls/:id/analytics/export',
        'GET /api/custom-domains',
        'POST /api/custom-domains',
        'POST /api/custom-domains/:id/verify',
        'POST /api/custom-domains/:id/set-active',
        'DELETE /api/custom-domains/:id',
        'GET /api/custom-domains/trai',
        'POST /api/custom-domains/trai',
        'POST /api/custom-domains/trai/:id/verify',
        'POST /api/custom-domains/trai/:id/set-active',
        'DELETE /api/custom-domains/trai/:id',
        'GET /api/workspaces/:id',
        'GET /api/workspaces/:id/members',
        'GET /api/workspaces/:id/activity',
        // The Shlink-compatible API (docs/developer-api.md#shlink-compatible-api).
        'GET /rest/v3/short-urls',
        'POST /rest/v3/short-urls',
        'GET /rest/v3/short-urls/:shortCode',
        'PATCH /rest/v3/short-urls/:shortCode',
        'DELETE /rest/v3/short-urls/:shortCode',
        'GET /rest/v3/short-urls/:shortCode/visits',
        'GET /rest/v3/visits',
        'GET /rest/v3/tags',
        'PUT /rest/v3/tags',
        'DELETE /rest/v3/tags',
        'GET /rest/v3/tags/stats',
        'GET /rest/v3/domains',
        'GET /rest/v3/mercure-info',
      ].sort(),
    );
  });

  it('refuses callers without access before it reads or validates what they sent (401, then 403, never 400)', async () => {
    const declared = new Map(t.app.routeList.map((route) => [`${route.method} ${route.url}`, route]));
    const leaks: string[] = [];
    let checked = 0;
    for (const [route, row] of Object.entries(table)) {
      const listed = declared.get(route);
      if (!listed || listed.access === 'anyone' || listed.access === undefined) continue;
      const [method, pattern] = route.split(' ') as [InjectOptions['method'], string];
      // Every path parameter, the body and the query are ones no route accepts.
      const url = `${pattern.replace(/:[A-Za-z_]+/g, 'not-an-id')}?unknown_parameter=%00`;
      const body = method === 'GET' || method === 'DELETE' ? {} : { payload: '{"unknown_field": [', headers: { 'content-type': 'application/json' } };
      for (const role of ROLES) {
        const status = row.expect[role];
        // 403 from the hook: an admin route, or a plan feature; other 403s come from the handler.
        const refusedByHook =
          status === 401 || (status === 403 && (listed.access === 'admin' || listed.access === 'super_admin' || listed.feature !== undefined));
        if (!refusedByHook) continue;
        const auth = role === 'anonymous' ? {} : sessions[role]!.headers;
        const response = await t.app.inject({ method, url, ...body, headers: { ...auth, ...body.headers } } as InjectOptions);
        checked += 1;
        if (response.statusCode !== status) leaks.push(`${route} as ${role}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(leaks).toEqual([]);
  });

  for (const [route, row] of Object.entries(table)) {
    it(`${route}: ${Object.entries(row.expect)
      .map(([role, status]) => `${role} ${status}`)
      .join(', ')}`, async () => {
      const method = route.split(' ')[0] as InjectOptions['method'];
      for (const role of ROLES) {
        const options = await row.request(fixture, role);
        const auth = role === 'anonymous' ? {} : sessions[role]!.headers;
        const response = await t.app.inject({ ...options, method, headers: { ...auth, ...options.headers } } as InjectOptions);
        expect(response.statusCode, `${role}: ${response.body}`).toBe(row.expect[role]);
        if (response.statusCode < 300) await row.undo?.(fixture);
      }
    });
  }
  it('refuses a field it does not know in every body and query, naming it (only the listed compatible APIs take them)', async () => {
    const checked: string[] = [];
    // Routes that took the unknown field though not listed, or refused it though listed.
    const unlikeTheTable: string[] = [];
    for (const listed of t.app.routeList.filter((route) => `${route.method} ${route.url}` in table)) {
      const route = `${listed.method} ${listed.url}`;
      const row = table[route]!;
      for (const part of (['body', 'querystring'] as const).filter((part) => listed.validates[part])) {
        const role = allowedCaller(row);
        const options = withUnknownField(await row.request(fixture, role), part);
        const response = await t.app.inject({
          ...options,
          method: listed.method,
          headers: { ...sessions[role]!.headers, ...options.headers },
        } as InjectOptions);
        if (response.statusCode < 300) await row.undo?.(fixture);
        checked.push(`${route} ${part}`);
        const refused = response.statusCode === 400 && response.json<{ field?: string }>().field === UNKNOWN_FIELD;
        if (refused === `${route} ${part}` in TAKES_UNKNOWN_FIELDS)
          unlikeTheTable.push(`${route} ${part} as ${role}: ${response.statusCode} ${response.body.slice(0, 160)}`);
      }
    }
    expect(checked.length).toBeGreaterThan(60);
    expect(Object.keys(TAKES_UNKNOWN_FIELDS).filter((exception) => !checked.includes(exception))).toEqual([]);
    expect(unlikeTheTable).toEqual([]);
  });
});
