import type { HTMLAttributes, ReactNode } from 'react';
import { TitledSection } from './TitledSection.tsx';

interface TitledCardProps extends Omit<HTMLAttributes<HTMLElement>, 'title' | 'className'> {
  /** Added to the `card` class. */
  className?: string;
  /** The heading's id: the section is labelled by it. */
  titleId: string;
  title: ReactNode;
  children: ReactNode;
}

/** A card that is a section of its page, named by its heading (an `h2` in the `card__title` style). */
export function TitledCard({ className, ...section }: TitledCardProps) {
  return <TitledSection className={className ? `card ${className}` : 'card'} titleClassName="card__title" {...section} />;
}
