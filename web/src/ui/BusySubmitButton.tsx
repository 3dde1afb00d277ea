interface BusySubmitButtonProps {
  /** True while the form is being sent: the button then says `busyLabel` and cannot be pressed again. */
  busy: boolean;
  label: string;
  busyLabel: string;
}

/** A form's primary submit button, which says what it is doing while the form is sent. */
export function BusySubmitButton({ busy, label, busyLabel }: BusySubmitButtonProps) {
  return (
    <button type="submit" className="button button--primary" disabled={busy}>
      {busy ? busyLabel : label}
    </button>
  );
}
