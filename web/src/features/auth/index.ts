import { lazy } from 'react';

// The auth feature's public face: the session every screen reads, the route guards, and
// its screens (each its own chunk, loaded when its route is first shown).
export { useSession, type SessionStatus } from './session.ts';
export { ForAnyone, PublicOnly, RequireAuth } from './guards.tsx';

export const LoginPage = lazy(() => import('./LoginPage.tsx'));
export const RegisterPage = lazy(() => import('./RegisterPage.tsx'));
export const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage.tsx'));
export const ResetPasswordPage = lazy(() => import('./ResetPasswordPage.tsx'));
export const VerifyEmailPage = lazy(() => import('./VerifyEmailPage.tsx'));
export const AuthCallbackPage = lazy(() => import('./AuthCallbackPage.tsx'));
