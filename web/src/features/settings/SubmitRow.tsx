import type { ReactNode } from 'react';
import { Spinner } from '../../ui/Spinner.tsx';

/** A settings form's submit button, alone in its action row, with a spinner while it works. */
export function SubmitRow({ busy, tone, children }: { busy: boolean; tone: 'primary' | 'secondary'; children: ReactNode }) {
  return (
    <div className="settings__actions cluster cluster--center">
      <button type="submit" className={`button button--${tone}`} disabled={busy} aria-busy={busy}>
        {busy ? <Spinner size="sm" /> : null}
        {children}
      </button>
    </div>
  );
}
