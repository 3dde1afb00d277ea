import { describe, expect, it } from 'vitest';
import { UpdateProfileBody, defaultUsername } from './settings.ts';

describe('the username an account starts with', () => {
  it('is the address’s local part, made to pass the username rule, so the profile saves as shown', () => {
    for (const [email, expected] of [
      ['ada.lovelace@example.com', 'ada.lovelace'],
      ['jo@example.com', 'jo_'],
      ['a+b@example.com', 'a-b'],
      ['josé.ñ@example.com', 'jos-.-'],
      [`${'x'.repeat(64)}@example.com`, 'x'.repeat(50)],
    ] as const) {
      expect(defaultUsername(email)).toBe(expected);
      expect(UpdateProfileBody.safeParse({ username: defaultUsername(email) }).success, email).toBe(true);
    }
  });
});
