import { describe, expect, it } from 'vitest';
import { destinationProblem } from './destination.ts';
import { Destination } from './http/links.ts';

describe('destinationProblem: the web app’s check says what the API says', () => {
  it('gives the API’s refusal for each kind of bad address, and null for what it takes', () => {
    const typed = [
      'https://example.com/a',
      '  http://example.com  ',
      'https://bücher.example/ß',
      '',
      '   ',
      'example.com',
      'javascript:alert(1)',
      'ftp://files.example.com',
      'https://exa\nmple.com',
      `https://example.com/${'a'.repeat(2100)}`,
      `https://example.com/${'ü'.repeat(700)}`,
    ];
    for (const value of typed) {
      const parsed = Destination.safeParse(value);
      expect(destinationProblem(value), value).toBe(parsed.success ? null : parsed.error.issues[0]!.message);
    }
    expect(destinationProblem('example.com')).toBe('Destination URL must be a full web address starting with http:// or https://');
  });
});
