import type { HTMLAttributes, ReactNode } from 'react';

interface TitledCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'className'> {
  /** Added to the `card` class. */
  className?: string;
  /** The heading's id: the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}

/** A card that is a section of its page, named by its heading (an `h2` in the `card__title` style). */
export function TitledCard({ className, titleId, title, children, ...section }: TitledCardProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={titleId} {...section}>
      <h2 id={titleId} className="card__title">
        {title}
      </h2>
      {children}
    </section>
  );
}
