import { describe, expect, it } from 'vitest';
import { NOT_WHOLE, TOO_HIGH, TOO_LOW, limitText, parseLimitInput } from './limit-input.ts';

describe('a typed user limit', () => {
  it('sends an empty field or zero as null: the plan’s own figure', () => {
    expect(parseLimitInput('')).toEqual({ ok: true, value: null });
    expect(parseLimitInput('   ')).toEqual({ ok: true, value: null });
    expect(parseLimitInput('0')).toEqual({ ok: true, value: null });
    expect(parseLimitInput('00')).toEqual({ ok: true, value: null });
    expect(parseLimitInput('-0')).toEqual({ ok: true, value: null });
  });

  it('takes -1 as unlimited and whole numbers up to a billion', () => {
    expect(parseLimitInput('-1')).toEqual({ ok: true, value: -1 });
    expect(parseLimitInput('1')).toEqual({ ok: true, value: 1 });
    expect(parseLimitInput(' 250 ')).toEqual({ ok: true, value: 250 });
    expect(parseLimitInput('1000000000')).toEqual({ ok: true, value: 1_000_000_000 });
  });

  it('refuses what is not a whole number', () => {
    for (const text of ['1.5', '1.0', 'abc', '1e3', '0x10', '12 3', '--1', 'Infinity', '1,000']) {
      expect(parseLimitInput(text)).toEqual({ ok: false, error: NOT_WHOLE });
    }
  });

  it('refuses figures below -1 or above a billion', () => {
    expect(parseLimitInput('-2')).toEqual({ ok: false, error: TOO_LOW });
    expect(parseLimitInput('-100')).toEqual({ ok: false, error: TOO_LOW });
    expect(parseLimitInput('1000000001')).toEqual({ ok: false, error: TOO_HIGH });
  });

  it('shows a stored figure back, null as an empty field', () => {
    expect(limitText(null)).toBe('');
    expect(limitText(-1)).toBe('-1');
    expect(limitText(500)).toBe('500');
  });
});
