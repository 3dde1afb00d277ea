import type { ReactNode } from 'react';
import { PRICING_HREF } from '../../billing/index.ts';
import type { ControlGate } from './plan-gates.ts';

interface ControlSectionProps {
  title: string;
  /** A line under the title: what the section does. */
  hint: string;
  /** Whether the plan allows it, and why not (the section is then disabled). */
  gate: ControlGate;
  disabled: boolean;
  /** The server's or the form's objection to the section as a whole. */
  error?: string | undefined;
  testId: string;
  children: ReactNode;
}

/** One section of the Smart link area: a fieldset, disabled with the upgrade text when the plan lacks it. */
export function ControlSection({ title, hint, gate, disabled, error, testId, children }: ControlSectionProps) {
  return (
    <fieldset className="smart-section" disabled={disabled || !gate.allowed} data-testid={testId}>
      <legend className="smart-section__title">{title}</legend>
      <p className="field__hint">{hint}</p>
      {gate.allowed ? null : <UpgradeNote text={gate.upgrade} />}
      {children}
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** The plan's refusal up front, with the way to the plans. */
export function UpgradeNote({ text }: { text: string }) {
  return (
    <p className="smart-section__upgrade" data-testid="control-upgrade">
      {text}{' '}
      <a className="text-link" href={PRICING_HREF}>
        View Pricing Plans
      </a>
    </p>
  );
}
