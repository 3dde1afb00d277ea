import { useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { linksApi } from '../../../api/endpoints.ts';
import type { Link } from '../../../api/types.ts';
import { ErrorLine, InputField, VERBATIM_INPUT } from '../../../ui/Field.tsx';
import { toast } from '../../../ui/toasts.ts';
import { ControlSection } from './ControlSection.tsx';
import { MAX_VARIANTS, MIN_VARIANTS, emptyVariant, weightTotal, type VariantDraft } from './controls-draft.ts';
import type { ControlGate } from './plan-gates.ts';

interface SplitSectionProps {
  id: string;
  variants: VariantDraft[];
  onChange(variants: VariantDraft[]): void;
  gate: ControlGate;
  error: string | undefined;
  disabled: boolean;
  link: Link | undefined;
  onPromoted: ((link: Link) => void) | undefined;
}

/** The A/B split: 2 to 4 destinations and their shares of the traffic no rule took, adding up to 100. */
export function SplitSection({ id, variants, onChange, gate, error, disabled, link, onPromoted }: SplitSectionProps) {
  const total = weightTotal(variants);
  const replace = (index: number, variant: VariantDraft) => onChange(variants.map((item, at) => (at === index ? variant : item)));
  // Only a variant the link holds as saved can be promoted.
  const promotable = (index: number) => link !== undefined && link.variants[index]?.url === variants[index]?.url.trim();
  return (
    <ControlSection
      title="A/B split"
      hint="Visitors no rule took are split between these destinations by weight, in percent, and each keeps theirs."
      gate={gate}
      disabled={disabled}
      error={error}
      testId="controls-split"
    >
      {variants.length > 0 ? (
        <>
          <ol className="smart-list bare-list">
            {variants.map((variant, index) => (
              <li key={index} className="smart-item smart-variant" data-testid="variant">
                <InputField
                  id={`${id}-variant-${index}-url`}
                  label={`Variant ${index + 1} URL`}
                  type="url"
                  {...VERBATIM_INPUT}
                  placeholder="https://example.com/b"
                  value={variant.url}
                  onValue={(value) => replace(index, { ...variant, url: value })}
                  fieldClassName="smart-variant__url"
                />
                <InputField
                  id={`${id}-variant-${index}-weight`}
                  label="Weight"
                  aria-label={`Variant ${index + 1} weight`}
                  type="number"
                  inputMode="numeric"
                  min={1}
                  max={99}
                  value={variant.weight}
                  onValue={(value) => replace(index, { ...variant, weight: value })}
                  fieldClassName="smart-variant__weight"
                />
                <div className="cluster gap-1 smart-variant__actions">
                  {promotable(index) && onPromoted ? <PromoteButton link={link!} number={index + 1} onPromoted={onPromoted} /> : null}
                  {variants.length > MIN_VARIANTS ? (
                    <button
                      type="button"
                      className="button button--ghost button--sm"
                      onClick={() => onChange(variants.filter((_, at) => at !== index))}
                      aria-label={`Remove variant ${index + 1}`}
                    >
                      Remove
                    </button>
                  ) : null}
                </div>
              </li>
            ))}
          </ol>
          <p className={`smart-total${total === 100 ? '' : ' smart-total--off'}`} data-testid="split-total" aria-live="polite">
            Total: {total}% of 100%
          </p>
          <div className="cluster gap-2">
            <button
              type="button"
              className="button button--secondary button--sm"
              onClick={() => onChange([...variants, emptyVariant()])}
              disabled={variants.length >= MAX_VARIANTS}
            >
              Add variant
            </button>
            <button type="button" className="button button--ghost button--sm" onClick={() => onChange([])}>
              Remove split
            </button>
          </div>
        </>
      ) : (
        <button type="button" className="button button--secondary button--sm smart-add" onClick={() => onChange([emptyVariant('50'), emptyVariant('50')])}>
          Start an A/B split
        </button>
      )}
    </ControlSection>
  );
}

/** "Promote": after a confirm, the variant becomes the link's destination and the test ends. */
function PromoteButton({ link, number, onPromoted }: { link: Link; number: number; onPromoted(link: Link): void }) {
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const promote = async () => {
    setBusy(true);
    setError(null);
    try {
      const saved = await linksApi.promoteVariant(link.id, number);
      toast('Variant promoted', 'success', `Every visitor now goes to variant ${number}; the A/B test has ended.`);
      onPromoted(saved);
    } catch (failure) {
      setError(errorText(failure, 'Failed to promote the variant. Please try again.'));
      setBusy(false);
    }
  };
  if (!confirming) {
    return (
      <button type="button" className="button button--secondary button--sm" onClick={() => setConfirming(true)} aria-label={`Promote variant ${number}`}>
        Promote
      </button>
    );
  }
  return (
    <div className="smart-confirm" role="group" aria-label={`Promote variant ${number}`}>
      <p>Send every visitor to variant {number} and end the A/B test?</p>
      <div className="cluster gap-1">
        <button type="button" className="button button--primary button--sm" onClick={() => void promote()} disabled={busy}>
          Yes, promote variant {number}
        </button>
        <button type="button" className="button button--ghost button--sm" onClick={() => setConfirming(false)} disabled={busy}>
          Cancel
        </button>
      </div>
      <ErrorLine>{error}</ErrorLine>
    </div>
  );
}
