import './LoadingScreen.css';
import { Spinner } from './Spinner.tsx';

/** Full-screen while the session loads (docs/web-app.md#route-guards). */
export function LoadingScreen() {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <Spinner size="lg" />
      <p className="loading-screen__title">Loading</p>
      <p className="loading-screen__text">Please wait while we prepare your dashboard.</p>
    </div>
  );
}
