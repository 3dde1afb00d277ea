import { useId } from 'react';
import { Link } from 'react-router';
import { PRICING_HREF } from '../billing/index.ts';
import { LockIcon } from '../../ui/icons.tsx';

/**
 * Above a read-only list after a downgrade (docs/domains.md#after-a-downgrade): the plan no
 * longer includes the feature, what still works, and the way back. With `title`, the same
 * notice for a plan that never included it (above a form whose controls are disabled).
 */
export function PlanEndedNotice({ what, text, title }: { what: string; text: string; title?: string }) {
  const titleId = useId();
  return (
    <section className="banner banner--warning plan-ended" aria-labelledby={titleId} data-testid="plan-ended">
      <LockIcon />
      <div className="banner__body plan-ended__body">
        <h2 id={titleId} className="banner__title plan-ended__title">
          {title ?? `Your plan no longer includes ${what}`}
        </h2>
        <p>{text}</p>
      </div>
      <Link className="button button--secondary button--sm plan-ended__action" to={PRICING_HREF}>
        View Pricing Plans
      </Link>
    </section>
  );
}

export const DOMAINS_READ_ONLY =
  'Links already on these domains keep working until you delete the domain. Verifying, setting active and creating new links on them need a Pro or Enterprise plan.';
/** Before a Free user types anything: what the server answers an add with (docs/domains.md). */
export const TRAI_NOT_IN_PLAN = 'TRAI headers are available on the Pro and Enterprise plans. Upgrade your plan to register a sender header.';
export const TRAI_READ_ONLY =
  'Links already under these headers keep working until you delete the header. Verifying, setting active and creating new links under them need a Pro or Enterprise plan.';
