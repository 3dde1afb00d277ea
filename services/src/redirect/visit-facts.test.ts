import { describe, expect, it } from 'vitest';
import { acceptedLanguages } from './visit-facts.ts';

describe('the languages a visitor accepts', () => {
  it('are primary tags in lower case, most preferred first, each once', () => {
    expect(acceptedLanguages('en-IN,en;q=0.9,HI;q=0.95')).toEqual(['en', 'hi']);
    expect(acceptedLanguages('ta;q=0.5, hi-IN, mr;q=0.8')).toEqual(['hi', 'mr', 'ta']);
  });

  it('leave out the refused (q=0), the wildcard and what cannot be read', () => {
    expect(acceptedLanguages('en, hi;q=0, *;q=0.1, fr;q=abc, , de;q=0.001')).toEqual(['en', 'de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
  });
});
