import { describe, expect, it } from 'vitest';
import { ALL_FIELDS_REQUIRED, PASSWORDS_DIFFER, PASSWORD_NOT_NEW, PASSWORD_TOO_SHORT, isSuccessText, passwordFormError } from './settings-messages.ts';

describe('settings messages', () => {
  it('is green only when the text says successfully', () => {
    expect(isSuccessText('Profile updated successfully.')).toBe(true);
    expect(isSuccessText('Failed to update profile. Please try again.')).toBe(false);
  });

  it('checks the password form: every field, then the match, then the length, then that it is new', () => {
    expect(passwordFormError('', 'abcdef', 'abcdef')).toBe(ALL_FIELDS_REQUIRED);
    expect(passwordFormError('old', 'abc', 'abd')).toBe(PASSWORDS_DIFFER);
    expect(passwordFormError('old', 'abc', 'abc')).toBe(PASSWORD_TOO_SHORT);
    expect(passwordFormError('old', 'abcdef', 'abcdef')).toBeNull();
    expect(passwordFormError('abcdef', 'abcdef', 'abcdef')).toBe(PASSWORD_NOT_NEW);
  });
});
