import { createRequire } from 'node:module';
import type PDFKitDocument from 'pdfkit';

// DejaVu Sans carries ₹, Latin, Greek, Cyrillic, Arabic and Hebrew; other scripts fall back to boxes, never errors.
const requireHere = createRequire(import.meta.url);
const REGULAR_FONT = requireHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf');
const BOLD_FONT = requireHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf');

const INK = '#111111';

export type Pdf = PDFKit.PDFDocument;
export interface TextStyle {
  bold?: boolean;
  size?: number;
  color?: string;
  align?: 'left' | 'right' | 'center';
  lines?: number;
}

/**
 * An A4 document in our fonts ('regular' and 'bold'), drawn by `draw` and returned as its
 * bytes: receipts (docs/payments.md#receipts) and analytics reports (docs/reports.md).
 */
export async function renderPdf(info: PDFKit.DocumentInfo, margin: number, draw: (pdf: Pdf) => void): Promise<Buffer> {
  // Loaded on the first document: PDFKit is large, and a process may never render one.
  const { default: PDFDocument } = (await import('pdfkit')) as { default: typeof PDFKitDocument };
  return new Promise((resolve, reject) => {
    const pdf = new PDFDocument({ size: 'A4', margin, font: REGULAR_FONT, lang: 'en-IN', displayTitle: true, info });
    const chunks: Uint8Array[] = [];
    pdf.on('data', (chunk: Uint8Array) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
    pdf.registerFont('regular', REGULAR_FONT);
    pdf.registerFont('bold', BOLD_FONT);
    draw(pdf);
    pdf.end();
  });
}

/**
 * Every text goes through here: the `height` box makes pdfkit cut overlong text with an ellipsis
 * instead of flowing onto a further page, so hostile input cannot change the page count.
 */
export function write(pdf: Pdf, text: string, x: number, y: number, width: number, style: TextStyle = {}): void {
  const { bold = false, size = 10, color = INK, align = 'left', lines = 1 } = style;
  pdf
    .font(bold ? 'bold' : 'regular')
    .fontSize(size)
    .fillColor(color);
  const height = lines * pdf.currentLineHeight(true) + 1;
  pdf.text(text, x, y, { width, height, align, ellipsis: true });
}
