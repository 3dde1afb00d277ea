import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { PublicOnly, RequireAuth } from './auth/guards.tsx';
import { LandingPage } from './landing/LandingPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';
import { AppShell } from './shell/AppShell.tsx';
import { LoadingScreen } from './ui/LoadingScreen.tsx';
import { Toasts } from './ui/Toasts.tsx';

// Each screen is its own chunk: a visitor on the landing page downloads none of the dashboard.
const LoginPage = lazy(() => import('./pages/auth/LoginPage.tsx'));
const RegisterPage = lazy(() => import('./pages/auth/RegisterPage.tsx'));
const ForgotPasswordPage = lazy(() => import('./pages/auth/ForgotPasswordPage.tsx'));
const ResetPasswordPage = lazy(() => import('./pages/auth/ResetPasswordPage.tsx'));
const VerifyEmailPage = lazy(() => import('./pages/auth/VerifyEmailPage.tsx'));
const AuthCallbackPage = lazy(() => import('./pages/auth/AuthCallbackPage.tsx'));
const DashboardPage = lazy(() => import('./pages/dashboard/DashboardPage.tsx'));
const AnalyticsPage = lazy(() => import('./pages/analytics/AnalyticsPage.tsx'));
const LimitsPage = lazy(() => import('./pages/limits/LimitsPage.tsx'));
const ApiKeysPage = lazy(() => import('./pages/developer/ApiKeysPage.tsx'));
const DocsPage = lazy(() => import('./pages/developer/DocsPage.tsx'));
const DeveloperToolsPage = lazy(() => import('./pages/developer/DeveloperToolsPage.tsx'));
// Public: visitors see the site's header and footer, signed-in users their shell (the page decides).
const PricingPage = lazy(() => import('./pages/pricing/PricingPage.tsx'));

const publicOnly = (page: ReactNode) => <PublicOnly>{page}</PublicOnly>;
const signedIn = (page: ReactNode) => (
  <RequireAuth>
    <AppShell>{page}</AppShell>
  </RequireAuth>
);

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
          <Route path="/auth/callback" element={<AuthCallbackPage />} />
          <Route path="/pricing" element={<PricingPage />} />
          <Route path="/dashboard" element={signedIn(<DashboardPage />)} />
          <Route path="/analytics/:urlId" element={signedIn(<AnalyticsPage />)} />
          <Route path="/limits" element={signedIn(<LimitsPage />)} />
          <Route path="/api-keys" element={signedIn(<ApiKeysPage />)} />
          <Route path="/docs" element={signedIn(<DocsPage />)} />
          <Route path="/developer-tools" element={signedIn(<DeveloperToolsPage />)} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
      <Toasts />
    </BrowserRouter>
  );
}
