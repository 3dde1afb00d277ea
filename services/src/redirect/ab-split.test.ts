import { describe, expect, it } from 'vitest';
import { variantCookie, variantOfCookie, variantOfVisitor } from './ab-split.ts';

const SPLIT = [
  { url: 'https://example.com/a', weight: 50 },
  { url: 'https://example.com/b', weight: 30 },
  { url: 'https://example.com/c', weight: 20 },
];
const hashes = (n: number) => Array.from({ length: n }, (_, i) => Buffer.from(`visitor-${i}`).toString('base64url'));

describe('the variant of a visitor without a cookie', () => {
  it('follows the weights over many visitors', () => {
    const counts = [0, 0, 0, 0];
    for (const hash of hashes(20_000)) counts[variantOfVisitor(SPLIT, 7, hash)]! += 1;
    expect(counts[0]).toBe(0);
    expect(counts[1]! / 20_000).toBeCloseTo(0.5, 1);
    expect(counts[2]! / 20_000).toBeCloseTo(0.3, 1);
    expect(counts[3]! / 20_000).toBeCloseTo(0.2, 1);
  });

  it('is the same for the same visitor hash, and each link splits on its own', () => {
    const visitors = hashes(200);
    expect(visitors.map((hash) => variantOfVisitor(SPLIT, 7, hash))).toEqual(visitors.map((hash) => variantOfVisitor(SPLIT, 7, hash)));
    expect(visitors.map((hash) => variantOfVisitor(SPLIT, 7, hash))).not.toEqual(visitors.map((hash) => variantOfVisitor(SPLIT, 8, hash)));
  });

  it('is none without a split', () => {
    expect(variantOfVisitor([], 7, 'x')).toBe(0);
    expect(variantOfVisitor([{ url: 'https://example.com/a', weight: 0 }], 7, 'x')).toBe(0);
  });
});

describe('the variant cookie', () => {
  const valueOf = (cookie: string) => cookie.split(';')[0]!.split('=')[1];

  it('is HttpOnly, SameSite=Lax, on the short link’s path, Secure over https', () => {
    expect(variantCookie(7, SPLIT, 2, '/abc123', false)).toMatch(/^ll_variant_7=2\.[0-9a-z]+; Path=\/abc123; Max-Age=2592000; HttpOnly; SameSite=Lax$/);
    expect(variantCookie(7, SPLIT, 2, '/ABCDEF/abc123', true)).toMatch(/; Path=\/ABCDEF\/abc123; .*; Secure$/);
  });

  it('names its variant back while that variant leads where it did', () => {
    expect(variantOfCookie(SPLIT, valueOf(variantCookie(7, SPLIT, 3, '/c', false)))).toBe(3);
  });

  it('names nothing once the variant is gone or leads elsewhere, or when it is not one of ours', () => {
    const third = valueOf(variantCookie(7, SPLIT, 3, '/c', false));
    expect(variantOfCookie(SPLIT.slice(0, 2), third)).toBe(0);
    expect(variantOfCookie([...SPLIT.slice(0, 2), { url: 'https://example.com/d', weight: 20 }], third)).toBe(0);
    for (const forged of [undefined, '', '3', '3.', '0.x', '-1.x', '9.abc', 'x.y', '03.' + third!.split('.')[1]])
      expect(variantOfCookie(SPLIT, forged), String(forged)).toBe(0);
  });
});
