/** How many characters of a key stay readable at each end when it is masked. */
const VISIBLE_START = 7;
const VISIBLE_END = 4;
const MASK_LENGTH = 16;

/**
 * An API key as the screen shows it while hidden: its prefix and first characters, a fixed
 * run of dots (so the length gives nothing away) and its last 4 characters —
 * "ll_AbCd••••••••••••••••wxYz". Short values are hidden entirely.
 */
export function maskApiKey(key: string): string {
  if (!key) return '';
  if (key.length <= VISIBLE_START + VISIBLE_END) return '•'.repeat(MASK_LENGTH);
  return `${key.slice(0, VISIBLE_START)}${'•'.repeat(MASK_LENGTH)}${key.slice(-VISIBLE_END)}`;
}
