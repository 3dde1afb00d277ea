import { useId, useState } from 'react';
import { CheckIcon } from '../../ui/icons.tsx';

/** How many features show before the rest are counted (docs/plans.md#usage-and-limits-page). */
const FEATURES_SHOWN = 5;

export interface FeatureName {
  key: string;
  name: string;
  description?: string;
}

/** The plan's features: the first 5, then "+N more", which opens the rest. */
export function FeatureList({ features }: { features: FeatureName[] }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const shown = open ? features : features.slice(0, FEATURES_SHOWN);
  const rest = features.length - FEATURES_SHOWN;
  if (features.length === 0) return <p className="card__subtitle">No features are listed for this plan.</p>;
  return (
    <>
      <ul id={listId} className="feature-list">
        {shown.map((feature) => (
          <li key={feature.key} className="feature-list__item">
            <span className="icon-disc tone-success feature-list__check" aria-hidden="true">
              <CheckIcon />
            </span>
            <span>
              <span className="feature-list__name">{feature.name}</span>
              {feature.description ? <span className="feature-list__text">{feature.description}</span> : null}
            </span>
          </li>
        ))}
      </ul>
      {rest > 0 ? (
        <button type="button" className="link-button feature-list__more" aria-expanded={open} aria-controls={listId} onClick={() => setOpen((value) => !value)}>
          {open ? 'Show fewer' : `+${rest} more`}
        </button>
      ) : null}
    </>
  );
}

/** A feature key as words, for when the catalogue's names could not be read ("qr_code_generation" → "Qr code generation"). */
export const featureWords = (key: string) => key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, ' ');
