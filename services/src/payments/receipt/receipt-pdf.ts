import { formatInr, formatRatePercent, gstBreakdown } from './money.ts';
import { formatIndianDate } from '../../formats/day-label.ts';
import { cleanLines, cleanText } from '../../formats/printed-text.ts';
import { renderPdf, write, type Pdf, type TextStyle } from '../../formats/pdf-document.ts';

export interface ReceiptSeller {
  name: string;
  address: string;
  gstin: string | null;
  email: string | null;
}
export interface ReceiptDocument {
  receiptNumber: string; // e.g. 'LL-000001'
  issuedAt: string; // ISO time the payment was captured
  seller: ReceiptSeller;
  buyer: { name: string; email: string };
  planName: string; // 'Pro'
  billingCycle: 'monthly' | 'yearly';
  periodStart: string; // ISO
  periodEnd: string; // ISO
  listPricePaise: number; // integer paise
  creditPaise: number; // integer paise (unused part of the previous plan, on upgrades; 0 otherwise)
  amountPaise: number; // integer paise actually paid = list - credit
  gstRateBasisPoints: number | null; // 1800 = 18 %; null: no tax line
  orderId: string;
  paymentId: string;
  method: string; // e.g. 'Visa •••• 4242' or 'UPI ga****@okhdfc'
  refunded: boolean; // true: the receipt is marked REFUNDED
  testMode: boolean; // true: paid in test mode, no money taken; the receipt says so on its face
}

/** What a test-mode receipt says on its face, under its title (docs/payments.md#test-mode). */
export const TEST_MODE_NOTICE = 'TEST-MODE RECEIPT: no money was taken. This payment was made in test mode; it is not a tax invoice and not proof of payment.';

const NAME_CHARS = 200;
const FIELD_CHARS = 120;
const MARGIN = 50;
const MUTED = '#5f6368';
const RULE = '#d0d4d9';
const REFUND_RED = '#b3261e';
const TEST_AMBER = '#8a4b00';

/** Renders a one-page A4 receipt (a tax invoice when a GST rate is set). */
export async function renderReceiptPdf(doc: ReceiptDocument): Promise<Buffer> {
  assertAmounts(doc);
  const receiptNumber = cleanText(doc.receiptNumber, 40);
  const sellerName = cleanText(doc.seller.name, NAME_CHARS);
  const info = { Title: `${doc.testMode ? 'Test-mode receipt' : 'Receipt'} ${receiptNumber}`, Author: sellerName, CreationDate: new Date(doc.issuedAt) };
  return renderPdf(info, MARGIN, (pdf) => drawReceipt(pdf, doc, receiptNumber, sellerName));
}

function assertAmounts(doc: ReceiptDocument): void {
  for (const [field, value] of Object.entries({ listPricePaise: doc.listPricePaise, creditPaise: doc.creditPaise, amountPaise: doc.amountPaise })) {
    if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${field} must be non-negative integer paise, got ${value}`);
  }
  // A receipt whose lines do not add up is worse than no receipt.
  if (doc.amountPaise !== doc.listPricePaise - doc.creditPaise) {
    throw new RangeError(`amountPaise ${doc.amountPaise} != listPricePaise ${doc.listPricePaise} - creditPaise ${doc.creditPaise}`);
  }
  if (Number.isNaN(Date.parse(doc.issuedAt))) throw new RangeError(`Invalid issuedAt: ${doc.issuedAt}`);
}

function drawReceipt(pdf: Pdf, doc: ReceiptDocument, receiptNumber: string, sellerName: string): void {
  const left = MARGIN;
  const right = pdf.page.width - MARGIN;
  const width = right - left;
  // A test-mode payment took no money: it is never presented as a tax invoice.
  const hasGst = doc.gstRateBasisPoints !== null && !doc.testMode;

  // Header: seller on the left, document title and number on the right.
  const metaWidth = 190;
  const sellerWidth = width - metaWidth - 20;
  write(pdf, sellerName, left, MARGIN, sellerWidth, { bold: true, size: 15, lines: 2 });
  for (const line of cleanLines(doc.seller.address, 5, FIELD_CHARS)) write(pdf, line, left, pdf.y, sellerWidth, { color: MUTED, lines: 2 });
  if (doc.seller.gstin) write(pdf, `GSTIN: ${cleanText(doc.seller.gstin, 20)}`, left, pdf.y, sellerWidth, { color: MUTED });
  if (doc.seller.email) write(pdf, cleanText(doc.seller.email, FIELD_CHARS), left, pdf.y, sellerWidth, { color: MUTED });
  const sellerBottom = pdf.y;

  const metaLeft = right - metaWidth;
  write(pdf, doc.testMode ? 'Test receipt' : hasGst ? 'Tax invoice' : 'Receipt', metaLeft, MARGIN, metaWidth, { bold: true, size: 20, align: 'right' });
  write(pdf, `Receipt no. ${receiptNumber}`, metaLeft, pdf.y + 4, metaWidth, { align: 'right' });
  write(pdf, `Date: ${formatIndianDate(doc.issuedAt)}`, metaLeft, pdf.y, metaWidth, { align: 'right' });
  if (doc.refunded) drawRefundedMark(pdf, right - 110, pdf.y + 10);
  let y = Math.max(sellerBottom, pdf.y) + 36;
  if (doc.testMode) y = drawTestModeNotice(pdf, left, y, width) + 24;

  write(pdf, 'Billed to', left, y, width, { bold: true, size: 9, color: MUTED });
  write(pdf, cleanText(doc.buyer.name, NAME_CHARS), left, pdf.y + 2, width, { size: 11, lines: 3 });
  write(pdf, cleanText(doc.buyer.email, FIELD_CHARS), left, pdf.y, width, { color: MUTED });
  y = pdf.y + 28;

  // Line items: description on the left, amount right-aligned in its own column. Amounts may wrap
  // to a second line but, unlike free text, are never cut: 160 pt holds ₹99,99,99,999.00 in bold.
  const amountWidth = 160;
  const descriptionWidth = width - amountWidth - 16;
  const row = (description: string, amount: string, style: TextStyle = {}): void => {
    const top = pdf.y;
    write(pdf, description, left, top, descriptionWidth, { size: 11, lines: 2, ...style });
    const descriptionBottom = pdf.y;
    write(pdf, amount, right - amountWidth, top, amountWidth, { size: 11, ...style, align: 'right', lines: 2 });
    pdf.y = Math.max(descriptionBottom, pdf.y) + 6;
  };
  const rule = (): void => {
    pdf.moveTo(left, pdf.y).lineTo(right, pdf.y).lineWidth(0.75).strokeColor(RULE).stroke();
    pdf.y += 8;
  };

  write(pdf, 'Description', left, y, descriptionWidth, { bold: true, size: 9, color: MUTED });
  write(pdf, 'Amount', right - amountWidth, y, amountWidth, { bold: true, size: 9, color: MUTED, align: 'right' });
  pdf.y += 4;
  rule();
  const top = pdf.y;
  write(pdf, `${cleanText(doc.planName, 60)} plan, ${doc.billingCycle}`, left, top, descriptionWidth, { size: 11 });
  write(pdf, `${formatIndianDate(doc.periodStart)} – ${formatIndianDate(doc.periodEnd)}`, left, pdf.y + 1, descriptionWidth, { color: MUTED });
  const periodBottom = pdf.y;
  write(pdf, formatInr(doc.listPricePaise), right - amountWidth, top, amountWidth, { size: 11, align: 'right', lines: 2 });
  pdf.y = Math.max(periodBottom, pdf.y) + 6;
  if (doc.creditPaise > 0) row('Credit for unused time on your previous plan', formatInr(-doc.creditPaise));
  rule();

  if (hasGst && doc.gstRateBasisPoints !== null) {
    const { taxablePaise, taxPaise } = gstBreakdown(doc.amountPaise, doc.gstRateBasisPoints);
    row('Taxable value', formatInr(taxablePaise), { color: MUTED });
    row(`GST (${formatRatePercent(doc.gstRateBasisPoints)})`, formatInr(taxPaise), { color: MUTED });
  }
  row(doc.testMode ? 'Total (test mode: not charged)' : 'Total paid', formatInr(doc.amountPaise), { bold: true, size: 13 });
  if (hasGst) write(pdf, 'Prices include GST.', left, pdf.y, descriptionWidth, { size: 9, color: MUTED });
  y = pdf.y + 28;

  write(pdf, 'Payment details', left, y, width, { bold: true, size: 9, color: MUTED });
  pdf.y += 2;
  const detail = (label: string, value: string): void => {
    const top = pdf.y;
    write(pdf, label, left, top, 110, { color: MUTED });
    write(pdf, cleanText(value, FIELD_CHARS), left + 110, top, width - 110, { lines: 2 });
  };
  detail('Method', doc.method);
  detail('Payment ID', doc.paymentId);
  detail('Order ID', doc.orderId);

  const footerSize = 9;
  pdf.font('regular').fontSize(footerSize);
  const footerY = pdf.page.height - MARGIN - pdf.currentLineHeight(true);
  write(pdf, `Thank you for using ${sellerName}.`, left, footerY, width, { size: footerSize, color: MUTED, align: 'center' });
}

/** A boxed notice across the page, so no one takes the receipt for a real one. Returns the box's bottom. */
function drawTestModeNotice(pdf: Pdf, left: number, y: number, width: number): number {
  const padding = 10;
  pdf.font('bold').fontSize(11);
  const height = pdf.heightOfString(TEST_MODE_NOTICE, { width: width - 2 * padding }) + 2 * padding;
  pdf.save();
  pdf.rect(left, y, width, height).lineWidth(2).strokeColor(TEST_AMBER).stroke();
  pdf.restore();
  write(pdf, TEST_MODE_NOTICE, left + padding, y + padding, width - 2 * padding, { bold: true, size: 11, color: TEST_AMBER, lines: 3 });
  return y + height;
}

function drawRefundedMark(pdf: Pdf, x: number, y: number): void {
  pdf.save();
  pdf.roundedRect(x, y, 110, 28, 4).lineWidth(2).strokeColor(REFUND_RED).stroke();
  write(pdf, 'REFUNDED', x, y + 7, 110, { bold: true, size: 12, color: REFUND_RED, align: 'center' });
  pdf.restore();
}
