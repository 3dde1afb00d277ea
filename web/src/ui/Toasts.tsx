import './Toasts.css';
import { useToasts } from './toasts.ts';
import { CloseIcon } from './icons.tsx';

/** The toast region, bottom right; announced politely (errors assertively). */
export function Toasts() {
  const { toasts, dismiss } = useToasts();
  return (
    <div className="toasts" aria-live="polite" aria-relevant="additions">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast--${t.tone}`} role={t.tone === 'error' ? 'alert' : 'status'}>
          <div className="toast__body">
            <p className="toast__title">{t.title}</p>
            {t.description ? <p className="toast__text">{t.description}</p> : null}
          </div>
          <button type="button" className="icon-button" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            <CloseIcon />
          </button>
        </div>
      ))}
    </div>
  );
}
