import { describe, expect, it } from 'vitest';
import { maskApiKey } from './api-key.ts';

describe('API key masking', () => {
  const key = 'll_AbCdEfGhIjKlMnOpQrStUvWxYz0123456789-_abcdEFG';

  it('keeps the prefix and the last 4 characters readable and hides the rest', () => {
    const masked = maskApiKey(key);
    expect(masked.startsWith('ll_AbCd')).toBe(true);
    expect(masked.endsWith('dEFG')).toBe(true);
    expect(masked).toContain('••••');
    expect(masked).not.toContain('EfGh');
  });

  it('gives nothing away about the length, and hides short values entirely', () => {
    expect(maskApiKey(key).length).toBe(maskApiKey(`${key}extra-characters`).length);
    expect(maskApiKey('short')).toBe('•'.repeat(16));
    expect(maskApiKey('')).toBe('');
  });
});
