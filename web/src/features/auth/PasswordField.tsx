import { useId, useState, type Ref } from 'react';
import { EyeIcon, EyeOffIcon } from '../../ui/icons.tsx';
import { describedBy, FieldFrame } from '../../ui/Field.tsx';

interface PasswordFieldProps {
  label: string;
  name: string;
  value: string;
  onChange(value: string): void;
  autoComplete: 'current-password' | 'new-password';
  required?: boolean;
  invalid?: boolean;
  /** A hint under the field (e.g. the minimum length), read with the field. */
  hint?: string;
  /** The id of an error message that describes this field. */
  errorId?: string;
  disabled?: boolean;
  inputRef?: Ref<HTMLInputElement>;
}

/** A password input with its show/hide toggle (a pressed/unpressed button named after the field). */
export function PasswordField({ label, name, value, onChange, autoComplete, required, invalid, hint, errorId, disabled, inputRef }: PasswordFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const [visible, setVisible] = useState(false);
  return (
    <FieldFrame id={id} label={label} hint={hint} hintId={hintId}>
      <div className="input-group">
        <input
          ref={inputRef}
          id={id}
          name={name}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          autoComplete={autoComplete}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy(hint && hintId, invalid && errorId)}
          disabled={disabled}
          spellCheck={false}
          autoCapitalize="none"
        />
        <button
          type="button"
          className="icon-button input-group__button"
          aria-label={`Show ${label.toLowerCase()}`}
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((shown) => !shown)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </FieldFrame>
  );
}
