import './smart-link.css';
import { useState } from 'react';
import type { Link } from '../../../api/types.ts';
import { InputField, VERBATIM_INPUT } from '../../../ui/Field.tsx';
import type { ControlField } from './control-errors.ts';
import type { ControlsDraft, PasswordChoice } from './controls-draft.ts';
import type { ControlGates } from './plan-gates.ts';
import { ControlSection } from './ControlSection.tsx';
import { RulesSection } from './RulesSection.tsx';
import { SplitSection } from './SplitSection.tsx';
import { SocialCardSection } from './SocialCardSection.tsx';

interface SmartLinkFieldsProps {
  /** A useId() prefix for the fields' ids. */
  id: string;
  draft: ControlsDraft;
  onChange(draft: ControlsDraft): void;
  gates: ControlGates;
  /** Objections by control, shown next to it. */
  errors: Partial<Record<ControlField, string>>;
  disabled: boolean;
  /** The link's destination as typed: "Fetch from destination" reads its card. */
  destination: string;
  /** Editing: the link as saved (its password state, the variants it can promote). */
  link?: Link;
  onPromoted?(link: Link): void;
}

/** Whether a link has any control set: its Edit dialog then opens with the Smart link area open. */
const hasControls = (link: Link | undefined) =>
  Boolean(
    link &&
    (link.starts_at ||
      link.expires_at ||
      link.max_clicks !== null ||
      link.expired_url ||
      link.has_password ||
      link.rules.length ||
      link.variants.length ||
      link.og),
  );

/**
 * The Smart link area of the Create and Edit dialogs (docs/links.md#smart-links): schedule and
 * expiry, password, targeting rules, A/B split and social card, collapsed until asked for.
 */
export function SmartLinkFields(props: SmartLinkFieldsProps) {
  const { id, draft, onChange, gates, errors, disabled, link } = props;
  const [open, setOpen] = useState(hasControls(link));
  const set = <K extends keyof ControlsDraft>(key: K, value: ControlsDraft[K]) => onChange({ ...draft, [key]: value });
  // An objection opens the area, so it is seen next to its control.
  const shown = open || Object.keys(errors).length > 0;

  return (
    <details className="smart-link" open={shown} onToggle={(event) => setOpen(event.currentTarget.open)} data-testid="smart-link">
      <summary className="smart-link__summary">
        <span className="smart-link__title">Smart link</span>
        <span className="smart-link__hint">Schedule, password, targeting, A/B split, social card</span>
      </summary>
      {/* Drawn only while open: a closed area adds nothing to the dialog, not even hidden fields. */}
      {shown ? (
        <div className="smart-link__body stack gap-4">
          <ControlSection
            title="Schedule & expiry"
            hint="Times are in your local time. Before the start and after expiry, visitors see a notice, or go where you say."
            gate={gates.schedule}
            disabled={disabled}
            testId="controls-schedule"
          >
            <div className="smart-grid">
              <InputField
                id={`${id}-starts`}
                label="Starts at"
                type="datetime-local"
                value={draft.startsAt}
                onValue={(value) => set('startsAt', value)}
                error={errors.starts_at}
              />
              <InputField
                id={`${id}-expires`}
                label="Expires at"
                type="datetime-local"
                value={draft.expiresAt}
                onValue={(value) => set('expiresAt', value)}
                error={errors.expires_at}
              />
              <InputField
                id={`${id}-max-clicks`}
                label="Click limit"
                type="number"
                inputMode="numeric"
                min={1}
                step={1}
                placeholder="No limit"
                value={draft.maxClicks}
                onValue={(value) => set('maxClicks', value)}
                error={errors.max_clicks}
              />
              <InputField
                id={`${id}-expired-url`}
                label="After expiry go to"
                type="url"
                {...VERBATIM_INPUT}
                placeholder="https://example.com/offer-ended"
                value={draft.expiredUrl}
                onValue={(value) => set('expiredUrl', value)}
                error={errors.expired_url}
              />
            </div>
          </ControlSection>
          <PasswordSection {...props} />
          <RulesSection id={id} rules={draft.rules} onChange={(rules) => set('rules', rules)} gates={gates} error={errors.rules} disabled={disabled} />
          <SplitSection
            id={id}
            variants={draft.variants}
            onChange={(variants) => set('variants', variants)}
            gate={gates.split}
            error={errors.variants}
            disabled={disabled}
            link={link}
            onPromoted={props.onPromoted}
          />
          <SocialCardSection
            id={id}
            draft={draft}
            onChange={onChange}
            gate={gates.card}
            error={errors.og}
            disabled={disabled}
            destination={props.destination}
          />
        </div>
      ) : null}
    </details>
  );
}

const PASSWORD_CHOICES: { value: PasswordChoice; label: string }[] = [
  { value: 'keep', label: 'Keep it' },
  { value: 'set', label: 'Change it' },
  { value: 'remove', label: 'Remove it' },
];

/** Set a password on a new link; on a link that has one, keep, change or remove it (it is never shown back). */
function PasswordSection({ id, draft, onChange, gates, errors, disabled, link }: SmartLinkFieldsProps) {
  const hasPassword = link?.has_password === true;
  const asking = !hasPassword || draft.passwordChoice === 'set';
  return (
    <ControlSection
      title="Password"
      hint="Visitors enter it before they are redirected."
      gate={gates.password}
      disabled={disabled}
      error={asking ? undefined : errors.password}
      testId="controls-password"
    >
      {hasPassword ? (
        <div className="smart-choices" role="radiogroup" aria-label="What to do with the password">
          <p className="smart-choices__state">
            <span className="badge badge--info">Password set</span>
          </p>
          {PASSWORD_CHOICES.map((choice) => (
            <label key={choice.value} className="checkbox">
              <input
                type="radio"
                name={`${id}-password-choice`}
                checked={draft.passwordChoice === choice.value}
                onChange={() => onChange({ ...draft, passwordChoice: choice.value, password: '' })}
              />
              <span>{choice.label}</span>
            </label>
          ))}
        </div>
      ) : null}
      {asking ? (
        <InputField
          id={`${id}-password`}
          label={hasPassword ? 'New password' : 'Password'}
          type="password"
          autoComplete="new-password"
          minLength={4}
          maxLength={128}
          placeholder={hasPassword ? undefined : 'No password'}
          value={draft.password}
          onValue={(value) => onChange({ ...draft, password: value, passwordChoice: value || hasPassword ? 'set' : 'keep' })}
          error={errors.password}
          hint="4 to 128 characters."
        />
      ) : null}
    </ControlSection>
  );
}
