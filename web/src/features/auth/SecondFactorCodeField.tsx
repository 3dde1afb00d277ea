import { useId, type Ref } from 'react';
import { describedBy, FieldFrame } from '../../ui/Field.tsx';

interface SecondFactorCodeFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  /** A recovery code is typed as text; an authenticator code on the number pad. */
  kind: 'authenticator' | 'recovery' | 'either';
  hint?: string;
  invalid?: boolean;
  /** The id of the message that describes the field while it is invalid. */
  errorId?: string;
  disabled?: boolean;
  autoFocus?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** The field for a second-factor code (docs/accounts.md#second-factor), on the sign-in code step and the reset form. */
export function SecondFactorCodeField({ label, value, onChange, kind, hint, invalid, errorId, disabled, autoFocus, inputRef }: SecondFactorCodeFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId}>
      <input
        ref={inputRef}
        id={id}
        name="second_factor_code"
        className="input second-factor__code"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        autoComplete="one-time-code"
        inputMode={kind === 'authenticator' ? 'numeric' : 'text'}
        placeholder={kind === 'authenticator' ? '123456' : kind === 'recovery' ? 'xxxxx-xxxxx' : undefined}
        maxLength={kind === 'authenticator' ? 7 : 24}
        spellCheck={false}
        autoCapitalize="none"
        // The code step has nothing else to fill in.
        autoFocus={autoFocus}
        disabled={disabled}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy(hint && hintId, invalid && errorId)}
      />
    </FieldFrame>
  );
}
