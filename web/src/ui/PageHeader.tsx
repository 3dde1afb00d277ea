import type { ReactNode } from 'react';

/** The top of a signed-in page: its title and what it is for, and the page's own actions on the right. */
export function PageHeader({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <header className="page-header">
      <div>
        <h1 className="page-title">{title}</h1>
        <p className="page-subtitle">{subtitle}</p>
      </div>
      {children}
    </header>
  );
}
