import { useId, useState } from 'react';
import { errorText } from '../../../api/client.ts';
import { linksApi } from '../../../api/endpoints.ts';
import { InputField, VERBATIM_INPUT } from '../../../ui/Field.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { ControlSection } from './ControlSection.tsx';
import type { ControlsDraft } from './controls-draft.ts';
import type { ControlGate } from './plan-gates.ts';

interface SocialCardSectionProps {
  id: string;
  draft: ControlsDraft;
  onChange(draft: ControlsDraft): void;
  gate: ControlGate;
  error: string | undefined;
  disabled: boolean;
  destination: string;
}

/** The preview card social sites show for the short link; "Fetch from destination" fills it from the destination's own tags. */
export function SocialCardSection({ id, draft, onChange, gate, error, disabled, destination }: SocialCardSectionProps) {
  const [fetching, setFetching] = useState(false);
  const [fetchError, setFetchError] = useState<string | null>(null);
  const descriptionId = useId();

  const fetchCard = async () => {
    setFetching(true);
    setFetchError(null);
    try {
      const card = await linksApi.previewCard(destination.trim());
      onChange({ ...draft, ogTitle: card.title, ogDescription: card.description, ogImageUrl: card.image_url ?? '' });
    } catch (failure) {
      setFetchError(errorText(failure, 'Could not read the destination’s card. Please fill it in yourself.'));
    } finally {
      setFetching(false);
    }
  };

  return (
    <ControlSection
      title="Social card"
      hint="What Facebook, X, LinkedIn, Slack, WhatsApp and others show when the short link is shared."
      gate={gate}
      disabled={disabled}
      error={error ?? fetchError ?? undefined}
      testId="controls-card"
    >
      <div>
        <button type="button" className="button button--secondary button--sm" onClick={() => void fetchCard()} disabled={fetching || !destination.trim()}>
          {fetching ? <Spinner size="sm" /> : null}
          Fetch from destination
        </button>
      </div>
      <InputField id={`${id}-og-title`} label="Card title" maxLength={200} value={draft.ogTitle} onValue={(value) => onChange({ ...draft, ogTitle: value })} />
      <div className="field">
        <label className="field__label" htmlFor={descriptionId}>
          Card description
        </label>
        <textarea
          id={descriptionId}
          className="textarea smart-card__description"
          maxLength={500}
          value={draft.ogDescription}
          onChange={(event) => onChange({ ...draft, ogDescription: event.target.value })}
        />
      </div>
      <InputField
        id={`${id}-og-image`}
        label="Card image URL"
        type="url"
        {...VERBATIM_INPUT}
        placeholder="https://example.com/card.png"
        value={draft.ogImageUrl}
        onValue={(value) => onChange({ ...draft, ogImageUrl: value })}
      />
    </ControlSection>
  );
}
