// The settings screen's texts (docs/accounts.md#profile): the spec's own where it gives them.
export const PROFILE_FAILED = 'Failed to update profile. Please try again.';
export const PASSWORD_FAILED = 'Failed to update password. Please try again.';
export const PASSWORDS_DIFFER = 'New passwords do not match.';
export const PASSWORD_TOO_SHORT = 'Password must be at least 6 characters long';
export const ALL_FIELDS_REQUIRED = 'Please fill in every field.';
/** The server's own refusal of the same text (services/src/settings/settings-user-deciders.ts), said before any call. */
export const PASSWORD_NOT_NEW = 'New password must be different from your current password.';

/** A status line is a success when it says so: 'successfully' shows green, anything else red. */
export const isSuccessText = (text: string) => /successfully/i.test(text);

/** Checks the password form before any call (every field, the match, the length, then that it is new); null when it may be sent. */
export function passwordFormError(current: string, next: string, confirm: string): string | null {
  if (!current || !next || !confirm) return ALL_FIELDS_REQUIRED;
  if (next !== confirm) return PASSWORDS_DIFFER;
  if (next.length < 6) return PASSWORD_TOO_SHORT;
  if (next === current) return PASSWORD_NOT_NEW;
  return null;
}
