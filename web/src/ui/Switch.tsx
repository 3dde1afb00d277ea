import './Switch.css';

interface SwitchProps {
  checked: boolean;
  onChange(checked: boolean): void;
  /** The element naming what it switches (a label or heading's id). */
  labelledBy: string;
  describedBy?: string;
  disabled?: boolean;
  /** Its state in words beside it ("On", "Off"), where a glance should not depend on colour. */
  stateText?: string;
  testId?: string;
}

/** An on/off switch (role="switch"): a pill with a thumb, and optionally its state spelled out. */
export function Switch({ checked, onChange, labelledBy, describedBy, disabled, stateText, testId }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      className="switch"
      aria-checked={checked}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onClick={() => onChange(!checked)}
      disabled={disabled}
      data-testid={testId}
    >
      <span className="switch__track" aria-hidden="true">
        <span className="switch__thumb" />
      </span>
      {stateText !== undefined && <span className="switch__state">{stateText}</span>}
    </button>
  );
}
