import type { ReactNode } from 'react';

/**
 * A developer card's head: an icon in a tinted square and the card's title (with an
 * optional subtitle). `block` names the card's CSS block: `${block}__head`, `${block}__icon`.
 */
export function CardHead({ block, id, icon, title, subtitle }: { block: string; id: string; icon: ReactNode; title: string; subtitle?: ReactNode }) {
  const heading = (
    <h2 id={id} className="card__title">
      {title}
    </h2>
  );
  return (
    <div className={`${block}__head`}>
      <span className={`${block}__icon`} aria-hidden="true">
        {icon}
      </span>
      {subtitle ? (
        <div>
          {heading}
          <p className="card__subtitle">{subtitle}</p>
        </div>
      ) : (
        heading
      )}
    </div>
  );
}
