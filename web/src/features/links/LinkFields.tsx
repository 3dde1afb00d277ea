import { InputField, TextareaField } from '../../ui/Field.tsx';

/* The fields and buttons the Create and Edit modals share. */

interface TextValue {
  value: string;
  onChange(value: string): void;
}

interface LinkTextFieldsProps {
  /** A useId() prefix: the fields are `${id}-url`, `${id}-title`, `${id}-description`. */
  id: string;
  destination: TextValue;
  title: TextValue;
  description: TextValue;
  disabled: boolean;
  /** Create: title and description are marked "(optional)"; the destination gets focus and an example. */
  creating?: boolean;
  /** A line under the destination ("Visitors of the short URL go here from now on."). */
  destinationHint?: string;
  /** Why the destination cannot be saved, shown under it (the field is then marked invalid). */
  destinationError?: string | null;
}

/** Destination URL (required, http or https), Title (up to 255) and Description (up to 2,000). */
export function LinkTextFields({ id, destination, title, description, disabled, creating, destinationHint, destinationError }: LinkTextFieldsProps) {
  const optional = creating ? (
    <>
      {' '}
      <span className="field__optional">(optional)</span>
    </>
  ) : null;
  return (
    <>
      <InputField
        id={`${id}-url`}
        label="Destination URL"
        hint={destinationHint}
        error={destinationError}
        name="original_url"
        type="url"
        required
        autoFocus={creating}
        placeholder={creating ? 'https://example.com/a/very/long/address' : undefined}
        value={destination.value}
        onValue={destination.onChange}
        disabled={disabled}
      />
      <InputField
        id={`${id}-title`}
        label={<>Title{optional}</>}
        name="title"
        type="text"
        maxLength={255}
        value={title.value}
        onValue={title.onChange}
        disabled={disabled}
      />
      <TextareaField
        id={`${id}-description`}
        label={<>Description{optional}</>}
        name="description"
        maxLength={2000}
        value={description.value}
        onValue={description.onChange}
        disabled={disabled}
      />
    </>
  );
}
