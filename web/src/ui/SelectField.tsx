import { FieldFrame } from './Field.tsx';

interface SelectFieldProps<V extends string | number> {
  id: string;
  label: string;
  value: V;
  options: readonly { value: V; label: string }[];
  onChange(value: NoInfer<V>): void;
  /** Added to the wrapper's `field` class. */
  className?: string;
}

/** A labelled select; the value keeps its type (a number stays a number). */
export function SelectField<V extends string | number>({ id, label, value, options, onChange, className }: SelectFieldProps<V>) {
  return (
    <FieldFrame id={id} label={label} className={className}>
      <select id={id} className="select" value={value} onChange={(event) => onChange(options[event.target.selectedIndex]?.value ?? value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
