import type { Variant } from '@linkledger/contracts';

/** A visitor keeps the variant they were sent to this long (docs/links.md#a-b-split). */
const VARIANT_COOKIE_SECONDS = 30 * 86_400;

/** 32-bit FNV-1a of a text: cheap, and spread enough to split traffic and to fingerprint an address. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/**
 * The variant (1-based) a visitor falls in without a cookie: their visitor hash (the same
 * all day for the same address and browser) and the link's id pick a point in the weights,
 * so a returning visitor gets the same variant and each link splits on its own. 0 when the
 * link has no split.
 */
export function variantOfVisitor(variants: readonly Variant[], linkId: number, visitorHash: string): number {
  const total = variants.reduce((sum, variant) => sum + Math.max(0, variant.weight), 0);
  if (total <= 0) return 0;
  let point = fnv1a(`${linkId}/${visitorHash}`) % total;
  for (let i = 0; i < variants.length; i++) {
    point -= Math.max(0, variants[i]!.weight);
    if (point < 0) return i + 1;
  }
  return 0;
}

/** The variant cookie's name: one per link (docs/links.md#a-b-split). */
export const variantCookieName = (linkId: number) => `ll_variant_${linkId}`;

/** A cookie value naming a variant by its place and its address, so an edited split does not keep a variant that is gone. */
const variantToken = (index: number, variant: Variant) => `${index}.${fnv1a(variant.url).toString(36)}`;

/** The variant (1-based) a cookie names, or 0 when it names none of the link's variants as they are now. */
export function variantOfCookie(variants: readonly Variant[], value: string | undefined): number {
  if (!value) return 0;
  const index = Number.parseInt(value, 10);
  const variant = variants[index - 1];
  return variant && variantToken(index, variant) === value ? index : 0;
}

/** The Set-Cookie that keeps a visitor on a variant: HttpOnly, SameSite=Lax, scoped to the short link's path. */
export function variantCookie(linkId: number, variants: readonly Variant[], index: number, path: string, secure: boolean): string {
  const token = variantToken(index, variants[index - 1]!);
  return `${variantCookieName(linkId)}=${token}; Path=${path}; Max-Age=${VARIANT_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}
