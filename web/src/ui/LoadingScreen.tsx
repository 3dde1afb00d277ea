import { Spinner } from './Spinner.tsx';

/** Full-screen while the session loads (spec 1 §2). */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="loading-screen__title">Loading</p>
      <p className="loading-screen__text">Please wait while we prepare your dashboard.</p>
    </div>
  );
}
