import './legal.css';
import type { ReactNode } from 'react';

/** The frame of a legal page (docs/web-app.md#legal-pages): a title, when it last changed, and its sections. */
export function LegalPage({ title, updated, children }: { title: string; updated: string; children: ReactNode }) {
  return (
    <article className="legal">
      <h1 className="page-title">{title}</h1>
      <p className="legal__updated">Last changed {updated}.</p>
      {children}
    </article>
  );
}

/** The date both pages last changed, in the app's date style. */
export const LEGAL_UPDATED = '27 Nov 2026';
