import { LandingPage } from './landing/LandingPage.tsx';
import { NotFoundPage } from './NotFoundPage.tsx';

/** The screens built so far: the landing page at /, the 404 screen everywhere else. */
export function App() {
  return window.location.pathname === '/' ? <LandingPage /> : <NotFoundPage />;
}
