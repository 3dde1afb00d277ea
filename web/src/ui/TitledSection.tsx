import type { HTMLAttributes, ReactNode } from 'react';

interface TitledSectionProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** The heading's id: the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  /** The heading's classes (`visually-hidden`: named for screen readers only). */
  titleClassName?: string;
  children: ReactNode;
}

/** A section of its page, named by its heading (an `h2`), then its content. */
export function TitledSection({ titleId, title, titleClassName, children, ...section }: TitledSectionProps) {
  return (
    <section aria-labelledby={titleId} {...section}>
      <h2 id={titleId} className={titleClassName}>
        {title}
      </h2>
      {children}
    </section>
  );
}
