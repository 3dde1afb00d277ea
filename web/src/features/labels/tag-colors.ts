import { TAG_PALETTE } from '@linkledger/contracts/tag-palette';

/** What each palette name draws as (a #rrggbb colour is drawn as written). */
const PALETTE_HEX: Record<(typeof TAG_PALETTE)[number], string> = {
  gray: '#6b7280',
  red: '#dc2626',
  orange: '#ea580c',
  yellow: '#ca8a04',
  green: '#16a34a',
  teal: '#0d9488',
  blue: '#2563eb',
  purple: '#7c3aed',
  pink: '#db2777',
};

export const PALETTE_NAMES = TAG_PALETTE;

/** A tag's colour as CSS: a palette name's shade, a #rrggbb as is, anything else grey. */
export function tagColorCss(color: string | undefined): string {
  if (color && color in PALETTE_HEX) return PALETTE_HEX[color as keyof typeof PALETTE_HEX];
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : PALETTE_HEX.gray;
}
