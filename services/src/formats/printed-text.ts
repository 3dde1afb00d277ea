const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const WHITESPACE_CONTROL = /[\t\n\v\f\r\u0085\u2028\u2029]/g;
// pdfkit has no bidi algorithm, so bidi embeddings/overrides/isolates could only show up as boxes.
const INVISIBLE_CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069]/gu;
const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** One line of user-supplied text made safe for the PDF: no control characters, at most `maxChars` graphemes. */
export function cleanText(value: string, maxChars: number): string {
  // Pre-cut so a megabyte-long name costs nothing; 8 code units cover the longest common graphemes.
  const text = value
    .slice(0, maxChars * 8)
    .replace(LONE_SURROGATE, '\uFFFD')
    .replace(WHITESPACE_CONTROL, ' ')
    .replace(INVISIBLE_CONTROL, '')
    .replace(/ {2,}/g, ' ')
    .trim();
  const parts = Array.from(graphemes.segment(text), (part) => part.segment);
  return parts.length > maxChars
    ? `${parts
        .slice(0, maxChars - 1)
        .join('')
        .trimEnd()}…`
    : text;
}

/** Multi-line user text (an address) as at most `maxLines` cleaned, non-empty lines. */
export function cleanLines(value: string, maxLines: number, maxChars: number): string[] {
  return value
    .split(/\r\n|[\n\r\u2028\u2029]/)
    .map((line) => cleanText(line, maxChars))
    .filter((line) => line !== '')
    .slice(0, maxLines);
}
