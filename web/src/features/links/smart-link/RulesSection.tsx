import type { DeviceClass } from '@linkledger/contracts';
import { InputField, VERBATIM_INPUT } from '../../../ui/Field.tsx';
import { ControlSection, UpgradeNote } from './ControlSection.tsx';
import { MAX_RULES, emptyRule, type RuleDraft } from './controls-draft.ts';
import type { ControlGates } from './plan-gates.ts';

/** Every device class a rule can name (the record's type keeps the list whole), in the select's order. */
const DEVICE_NAMES: Record<DeviceClass, string> = {
  ios: 'iOS',
  android: 'Android',
  mobile: 'Any phone or tablet',
  desktop: 'Any computer',
  windows: 'Windows',
  macos: 'macOS',
  linux: 'Linux',
};
// Type-only imports from the contracts: no schema code reaches the browser bundle.
const DEVICES = Object.keys(DEVICE_NAMES) as DeviceClass[];

interface RulesSectionProps {
  id: string;
  rules: RuleDraft[];
  onChange(rules: RuleDraft[]): void;
  gates: Pick<ControlGates, 'deviceRules' | 'otherRules'>;
  error: string | undefined;
  disabled: boolean;
}

/** The rules in order: the first whose conditions all hold sends the visitor to its destination. */
export function RulesSection({ id, rules, onChange, gates, error, disabled }: RulesSectionProps) {
  const { deviceRules, otherRules } = gates;
  const anyAllowed = deviceRules.allowed || otherRules.allowed;
  const replace = (index: number, rule: RuleDraft) => onChange(rules.map((item, at) => (at === index ? rule : item)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...rules];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };
  return (
    <ControlSection
      title="Targeting rules"
      hint={`The first rule whose conditions all hold sends the visitor to its destination; otherwise the link’s own. Up to ${MAX_RULES} rules.`}
      gate={{ allowed: anyAllowed, upgrade: deviceRules.upgrade }}
      disabled={disabled}
      error={error}
      testId="controls-rules"
    >
      {anyAllowed && !deviceRules.allowed ? <UpgradeNote text={deviceRules.upgrade} /> : null}
      {anyAllowed && !otherRules.allowed ? <UpgradeNote text={otherRules.upgrade} /> : null}
      <ol className="smart-list bare-list">
        {rules.map((rule, index) => (
          <li key={index} className="smart-item" data-testid="rule">
            <div className="cluster cluster--between smart-item__head">
              <span className="smart-item__title">Rule {index + 1}</span>
              <div className="cluster gap-1">
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => move(index, -1)}
                  disabled={index === 0}
                  aria-label={`Move rule ${index + 1} up`}
                >
                  Up
                </button>
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => move(index, 1)}
                  disabled={index === rules.length - 1}
                  aria-label={`Move rule ${index + 1} down`}
                >
                  Down
                </button>
                <button
                  type="button"
                  className="button button--ghost button--sm"
                  onClick={() => onChange(rules.filter((_, at) => at !== index))}
                  aria-label={`Remove rule ${index + 1}`}
                >
                  Remove
                </button>
              </div>
            </div>
            <RuleFields id={`${id}-rule-${index}`} number={index + 1} rule={rule} onChange={(next) => replace(index, next)} gates={gates} />
          </li>
        ))}
      </ol>
      <button
        type="button"
        className="button button--secondary button--sm smart-add"
        onClick={() => onChange([...rules, emptyRule()])}
        disabled={rules.length >= MAX_RULES}
      >
        Add rule
      </button>
    </ControlSection>
  );
}

/** One rule's destination and conditions; the conditions the plan lacks are disabled. */
function RuleFields({
  id,
  number,
  rule,
  onChange,
  gates,
}: {
  id: string;
  number: number;
  rule: RuleDraft;
  onChange(rule: RuleDraft): void;
  gates: RulesSectionProps['gates'];
}) {
  const text = (key: Exclude<keyof RuleDraft, 'device'>, label: string, extra: Partial<Parameters<typeof InputField>[0]> = {}) => (
    <InputField
      id={`${id}-${key}`}
      label={label}
      aria-label={`Rule ${number} ${label.toLowerCase()}`}
      value={rule[key]}
      onValue={(value) => onChange({ ...rule, [key]: value })}
      disabled={key !== 'url' && !gates.otherRules.allowed}
      {...extra}
    />
  );
  return (
    <div className="smart-grid">
      {text('url', 'Destination URL', { type: 'url', ...VERBATIM_INPUT, placeholder: 'https://example.com/app', fieldClassName: 'smart-grid__wide' })}
      <div className="field">
        <label className="field__label" htmlFor={`${id}-device`}>
          Device
        </label>
        <select
          id={`${id}-device`}
          className="select"
          aria-label={`Rule ${number} device`}
          value={rule.device}
          onChange={(event) => onChange({ ...rule, device: event.target.value as DeviceClass | '' })}
          disabled={!gates.deviceRules.allowed}
        >
          <option value="">Any device</option>
          {DEVICES.map((device) => (
            <option key={device} value={device}>
              {DEVICE_NAMES[device]}
            </option>
          ))}
        </select>
      </div>
      {text('browser', 'Browser', { placeholder: 'Chrome' })}
      {text('language', 'Language', { placeholder: 'hi', maxLength: 3, ...VERBATIM_INPUT })}
      {text('country', 'Country', { placeholder: 'IN', maxLength: 2, ...VERBATIM_INPUT })}
      {text('queryParam', 'Query parameter', { placeholder: 'utm_source', ...VERBATIM_INPUT })}
      {text('queryValue', 'Query value', { placeholder: 'Any value', ...VERBATIM_INPUT })}
      {text('after', 'After', { type: 'datetime-local' })}
      {text('before', 'Before', { type: 'datetime-local' })}
    </div>
  );
}
