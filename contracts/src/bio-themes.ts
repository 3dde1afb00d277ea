/**
 * The colours of a link-in-bio page (docs/pages.md#link-in-bio-pages) that the server enforces
 * and the editor offers: no schemas, so the web app can take it without the validation library.
 */
import { contrastRatio } from './qr-design-rules.ts';

/** The least contrast of a page's text on its background and of a button's label on the button (WCAG AA for text). */
const BIO_MIN_CONTRAST = 4.5;

/** A page's colours: its background, its text, and its link buttons with their label. */
export interface BioTheme {
  background: string;
  text: string;
  button: string;
  button_text: string;
}

/** The named themes the editor offers; any other colours may be set one by one. */
export const BIO_THEMES: Readonly<Record<'paper' | 'night' | 'forest' | 'sunrise', BioTheme>> = {
  paper: { background: '#f7f8f6', text: '#131a18', button: '#0d6b5e', button_text: '#ffffff' },
  night: { background: '#10151c', text: '#f1f5f9', button: '#f1f5f9', button_text: '#10151c' },
  forest: { background: '#e7f3ec', text: '#113322', button: '#1d5c3a', button_text: '#ffffff' },
  sunrise: { background: '#fff4e6', text: '#3b1f0b', button: '#b3261e', button_text: '#ffffff' },
};

/** What is wrong with a theme's colours for reading, or null: text and button labels need BIO_MIN_CONTRAST. */
export function bioThemeProblem(theme: BioTheme): string | null {
  const pairs = [
    ['text', theme.text, 'background', theme.background],
    ['button text', theme.button_text, 'button', theme.button],
  ] as const;
  for (const [what, fg, where, bg] of pairs) {
    const ratio = contrastRatio(fg, bg);
    if (ratio < BIO_MIN_CONTRAST) {
      return `The ${what} colour ${fg} on the ${where} colour ${bg} has a contrast of ${ratio.toFixed(2)}:1; at least ${BIO_MIN_CONTRAST}:1 is needed to read it.`;
    }
  }
  return null;
}
