import { useId } from 'react';
import { Link } from 'react-router';
import { PRICING_HREF } from '../billing/index.ts';
import { LockIcon } from '../../ui/icons.tsx';
import './upgrade-prompt.css';

/** "Feature Not Available" with a link to /pricing: what a plan feature the caller lacks shows instead. */
export function UpgradePrompt({ text }: { text: string }) {
  const titleId = useId();
  return (
    <section className="card upgrade-prompt" aria-labelledby={titleId}>
      <span className="icon-disc tone-warning upgrade-prompt__icon" aria-hidden="true">
        <LockIcon />
      </span>
      <h2 id={titleId} className="upgrade-prompt__title">
        Feature Not Available
      </h2>
      <p className="upgrade-prompt__text">{text}</p>
      <Link className="button button--primary" to={PRICING_HREF}>
        View Pricing Plans
      </Link>
    </section>
  );
}
