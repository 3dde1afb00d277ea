import { Suspense, lazy, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { AdminPage, OAuthConfigPage } from './features/admin/index.ts';
import { AnalyticsPage, CampaignsPage } from './features/analytics/index.ts';
import {
  AuthCallbackPage,
  ForAnyone,
  ForgotPasswordPage,
  LoginPage,
  PublicOnly,
  RegisterPage,
  RequireAuth,
  ResetPasswordPage,
  VerifyEmailPage,
} from './features/auth/index.ts';
import { LimitsPage, PaymentManagementPage, PricingPage } from './features/billing/index.ts';
import { ApiKeysPage, DeveloperToolsPage, DocsPage } from './features/developer/index.ts';
import { CustomDomainsPage } from './features/domains/index.ts';
import { BioPagesPage } from './features/bio-pages/index.ts';
import { ImportPage } from './features/imports/index.ts';
import { ReportsPage } from './features/reports/index.ts';
import { ConfirmEmailChangePage, SettingsPage } from './features/settings/index.ts';
import { DashboardPage } from './features/links/index.ts';
import { TagsPage } from './features/labels/index.ts';
import { SupportPage } from './features/support/index.ts';
import { SurveyBuilderPage, SurveyResultsPage, SurveysPage } from './features/surveys/index.ts';
import { ActivityPage, InvitePage } from './features/workspaces/index.ts';
import { WebhooksPage } from './features/webhooks/index.ts';
import { AppShell } from './shell/AppShell.tsx';
import { LandingPage } from './site/LandingPage.tsx';
import { NotFoundPage } from './site/NotFoundPage.tsx';
import { SiteFrame } from './site/SiteFrame.tsx';
import { LoadingScreen } from './ui/LoadingScreen.tsx';
import { Toasts } from './ui/Toasts.tsx';

// Each feature's screens are lazy (their own chunks): a visitor on the landing page downloads none of the dashboard.
const publicOnly = (page: ReactNode) => <PublicOnly>{page}</PublicOnly>;
const signedIn = (page: ReactNode) => (
  <RequireAuth>
    <AppShell>{page}</AppShell>
  </RequireAuth>
);

/** Pages anyone may read: in the signed-in frame for users, in the site's frame for visitors (docs/web-app.md#routes). */
const anyone = (page: ReactNode) => (
  <ForAnyone
    signedIn={<AppShell>{page}</AppShell>}
    visitor={
      <SiteFrame className="site-page">
        <div className="container">{page}</div>
      </SiteFrame>
    }
  />
);

const TermsPage = lazy(() => import('./site/TermsPage.tsx'));
const PrivacyPage = lazy(() => import('./site/PrivacyPage.tsx'));

/** The route table (docs/web-app.md#routes). */
export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<LoadingScreen />}>
        <Routes>
          <Route path="/" element={publicOnly(<LandingPage />)} />
          <Route path="/login" element={publicOnly(<LoginPage />)} />
          <Route path="/register" element={publicOnly(<RegisterPage />)} />
          <Route path="/forgot-password" element={publicOnly(<ForgotPasswordPage />)} />
          <Route path="/reset-password" element={<ResetPasswordPage />} />
          <Route path="/verify-email" element={<VerifyEmailPage />} />
          <Route path="/confirm-email-change" element={<ConfirmEmailChangePage />} />
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/dashboard" element={signedIn(<DashboardPage />)} />
          <Route path="/analytics/campaigns" element={signedIn(<CampaignsPage />)} />
          <Route path="/import" element={signedIn(<ImportPage />)} />
          <Route path="/reports" element={signedIn(<ReportsPage />)} />
          <Route path="/analytics/:urlId" element={signedIn(<AnalyticsPage />)} />
          <Route path="/activity" element={signedIn(<ActivityPage />)} />
          <Route path="/tags" element={signedIn(<TagsPage />)} />
          <Route path="/surveys" element={signedIn(<SurveysPage />)} />
          <Route path="/surveys/new" element={signedIn(<SurveyBuilderPage />)} />
          <Route path="/surveys/:surveyId/edit" element={signedIn(<SurveyBuilderPage />)} />
          <Route path="/surveys/:surveyId/results" element={signedIn(<SurveyResultsPage />)} />
          <Route path="/limits" element={signedIn(<LimitsPage />)} />
          <Route path="/payment-management" element={signedIn(<PaymentManagementPage />)} />
          <Route path="/api-keys" element={signedIn(<ApiKeysPage />)} />
          <Route path="/custom-domains" element={signedIn(<CustomDomainsPage />)} />
          <Route path="/bio-pages" element={signedIn(<BioPagesPage />)} />
          <Route path="/docs" element={anyone(<DocsPage />)} />
          <Route path="/support" element={anyone(<SupportPage />)} />
          <Route path="/terms" element={anyone(<TermsPage />)} />
          <Route path="/privacy" element={anyone(<PrivacyPage />)} />
          <Route path="/developer-tools" element={signedIn(<DeveloperToolsPage />)} />
          <Route path="/webhooks" element={signedIn(<WebhooksPage />)} />
          <Route path="/settings" element={signedIn(<SettingsPage />)} />
          <Route path="/invite/:token" element={anyone(<InvitePage />)} />
          <Route path="/admin" element={signedIn(<AdminPage />)} />
          <Route path="/admin/oauth-config" element={signedIn(<OAuthConfigPage />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
      <Toasts />
    </BrowserRouter>
  );
}
