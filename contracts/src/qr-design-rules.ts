/**
 * The rules of a QR design the server enforces and the QR designer shows up front
 * (docs/links.md#qr-design): whether its colours scan, and what a logo may be. No schemas, so
 * the web app can take it without the validation library.
 */

/** The largest QR logo file taken, and the pixel bounds its image must fall in. */
export const QR_LOGO_MAX_BYTES = 200 * 1024;
export const QR_LOGO_MIN_PIXELS = 32;
export const QR_LOGO_MAX_PIXELS = 2048;

/**
 * The least WCAG contrast ratio of a QR code's colours, as for normal text (AA): a software
 * decoder still reads a mid-grey code at 3:1 only at some sizes.
 */
export const QR_MIN_CONTRAST = 4.5;

/** WCAG 2 relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG 2 contrast ratio of two #rrggbb colours, from 1 (same) to 21 (black on white). */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * What is wrong with a foreground on a background, or null when it scans: a foreground
 * lighter than its background (an inverted code, which many readers do not try), or a
 * contrast below QR_MIN_CONTRAST.
 */
export function qrContrastProblem(fg: string, bg: string): string | null {
  if (luminance(fg) > luminance(bg)) {
    return 'The QR foreground colour must be darker than the background: many readers cannot scan a light code on a dark ground.';
  }
  const ratio = contrastRatio(fg, bg);
  if (ratio >= QR_MIN_CONTRAST) return null;
  return `The QR colours ${fg} on ${bg} have a contrast of ${ratio.toFixed(2)}:1; at least ${QR_MIN_CONTRAST}:1 is needed for the code to scan. Darken the foreground or lighten the background.`;
}
