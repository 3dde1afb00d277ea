import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';

/** The ids that describe a field, as `aria-describedby` wants them (none: no attribute). */
export function describedBy(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}

interface FieldFrameProps {
  /** The id of the control the label names. */
  id: string;
  label: ReactNode;
  /** A line under the control; give it an id when the control is described by it. */
  hint?: ReactNode;
  hintId?: string | undefined;
  /** An error under the control, announced as it appears. */
  error?: ReactNode;
  errorId?: string | undefined;
  /** Added to the wrapper's `field` class. */
  className?: string | undefined;
  /** The control. */
  children: ReactNode;
}

/** A form field's frame: the label, the control given, its hint and its error. */
export function FieldFrame({ id, label, hint, hintId, error, errorId, className, children }: FieldFrameProps) {
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {children}
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <ErrorLine id={errorId}>{error}</ErrorLine>
    </div>
  );
}

/** An error line, announced as it appears; nothing while there is no error. */
export function ErrorLine({ id, children }: { id?: string | undefined; children: ReactNode }) {
  return children ? (
    <p id={id} className="field__error" role="alert">
      {children}
    </p>
  ) : null;
}

/** What a text field adds to its control: a label, a hint and an error under it. */
interface TextFieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** False: the hint is shown but the control is not described by it. */
  linkHint?: boolean;
  /** Shown under the control, which is then marked invalid and described by it. */
  error?: string | null | undefined;
  /** Called with the new text on each change. */
  onValue?(value: string): void;
  /** Added to the wrapper's `field` class. */
  fieldClassName?: string;
}

/** The frame of a text field and the attributes its control takes from the hint and the error (`${id}-hint`, `${id}-error`). */
function textFieldParts({ id, label, hint, linkHint = true, error, fieldClassName }: TextFieldProps) {
  const hintId = hint && linkHint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return {
    frame: { id, label, hint, hintId, error, errorId, className: fieldClassName },
    control: { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy(hintId, errorId) },
  };
}

interface InputFieldProps extends TextFieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  /** Added to the input's `input` class. */
  inputClassName?: string;
  ref?: Ref<HTMLInputElement> | undefined;
}

/** A labelled text input, described by its hint and its error when it has them. */
export function InputField({ id, label, hint, linkHint, error, onValue, inputClassName, fieldClassName, onChange, ...input }: InputFieldProps) {
  const { frame, control } = textFieldParts({ id, label, hint, linkHint, error, fieldClassName });
  return (
    <FieldFrame {...frame}>
      <input
        {...control}
        className={inputClassName ? `input ${inputClassName}` : 'input'}
        onChange={onValue ? (event) => onValue(event.target.value) : onChange}
        {...input}
      />
    </FieldFrame>
  );
}

interface TextareaFieldProps extends TextFieldProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  /** The control's classes in place of `textarea`. */
  textareaClassName?: string;
}

/** A labelled text area, described by its hint and its error when it has them. */
export function TextareaField({
  id,
  label,
  hint,
  linkHint,
  error,
  onValue,
  textareaClassName = 'textarea',
  fieldClassName,
  onChange,
  ...textarea
}: TextareaFieldProps) {
  const { frame, control } = textFieldParts({ id, label, hint, linkHint, error, fieldClassName });
  return (
    <FieldFrame {...frame}>
      <textarea {...control} className={textareaClassName} onChange={onValue ? (event) => onValue(event.target.value) : onChange} {...textarea} />
    </FieldFrame>
  );
}

/** The attributes of an input whose text a machine reads as typed (codes, hostnames, keys, ids): no autofill, no spelling marks. */
export const VERBATIM_INPUT = { autoComplete: 'off', spellCheck: false } as const;
