import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { formatInr, gstBreakdown } from './money.ts';
import { renderReceiptPdf, TEST_MODE_NOTICE, type ReceiptDocument } from './receipt-pdf.ts';
import { readPdf } from '../../testing/pdf-text.ts';

const ARTIFACT_DIR = fileURLToPath(new URL('../../../../test-artifacts/receipts/', import.meta.url));

const RECEIPT: ReceiptDocument = {
  receiptNumber: 'LL-000001',
  issuedAt: '2026-11-23T10:15:00.000Z',
  seller: {
    name: 'Linkledger',
    address: 'Linkledger Technologies Pvt Ltd\n4th Floor, 12 MG Road\nBengaluru 560001, Karnataka',
    gstin: '29ABCDE1234F1Z5',
    email: 'billing@linkledger.example',
  },
  buyer: { name: 'Asha Rao', email: 'asha@example.com' },
  planName: 'Pro',
  billingCycle: 'yearly',
  periodStart: '2026-11-23T10:15:00.000Z',
  periodEnd: '2027-11-23T10:15:00.000Z',
  listPricePaise: 999_900,
  creditPaise: 0,
  amountPaise: 999_900,
  gstRateBasisPoints: 1800,
  orderId: 'order_Q1w2E3r4T5y6U7',
  paymentId: 'pay_A1s2D3f4G5h6J7',
  method: 'Visa •••• 4242',
  refunded: false,
  testMode: false,
};

async function render(overrides: Partial<ReceiptDocument> = {}) {
  const buffer = await renderReceiptPdf({ ...RECEIPT, ...overrides });
  expect(buffer.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  return { buffer, ...(await readPdf(buffer)) };
}

describe('renderReceiptPdf', () => {
  it('renders a one-page tax invoice with the GST split, payment details and metadata', async () => {
    const { pages, items, text, info } = await render();
    expect(items).toContain('Tax invoice');
    const { taxablePaise, taxPaise } = gstBreakdown(999_900, 1800);
    expect(pages).toBe(1);
    for (const expected of [
      'Tax invoice',
      'Receipt no. LL-000001',
      'Date: 23 Nov 2026',
      'Linkledger Technologies Pvt Ltd',
      'GSTIN: 29ABCDE1234F1Z5',
      'billing@linkledger.example',
      'Billed to',
      'Asha Rao',
      'asha@example.com',
      'Pro plan, yearly',
      '23 Nov 2026 – 23 Nov 2027',
      '₹9,999.00',
      'Taxable value',
      formatInr(taxablePaise),
      'GST (18%)',
      formatInr(taxPaise),
      'Total paid',
      'Prices include GST.',
      'Visa •••• 4242',
      'pay_A1s2D3f4G5h6J7',
      'order_Q1w2E3r4T5y6U7',
      'Thank you for using Linkledger.',
    ]) {
      expect(text).toContain(expected);
    }
    expect(text).not.toContain('Credit for unused time');
    expect(text).not.toContain('REFUNDED');
    expect(info).toMatchObject({ Title: 'Receipt LL-000001', Author: 'Linkledger', CreationDate: 'D:20261123101500Z' });
  });

  it('is a plain receipt without tax lines, GSTIN or seller email when no rate or detail is set', async () => {
    const { items, text } = await render({ gstRateBasisPoints: null, seller: { ...RECEIPT.seller, gstin: null, email: null } });
    expect(items).toContain('Receipt');
    expect(text).toContain('Total paid');
    expect(text).toContain('₹9,999.00');
    for (const absent of ['Tax invoice', 'GST', 'Taxable value', 'billing@linkledger.example']) expect(text).not.toContain(absent);
  });

  it('shows the rate as a percent', async () => {
    const { text } = await render({ gstRateBasisPoints: 1850 });
    expect(text).toContain('GST (18.5%)');
  });

  it('shows the credit for unused time on upgrades, and the total paid after it', async () => {
    const { text } = await render({ creditPaise: 45_000, amountPaise: 954_900 });
    expect(text).toContain('Credit for unused time on your previous plan');
    expect(text).toContain('-₹450.00');
    expect(text).toContain('₹9,549.00');
    expect(text).toContain(formatInr(gstBreakdown(954_900, 1800).taxPaise));
  });

  it('marks a refunded payment', async () => {
    const { text } = await render({ refunded: true });
    expect(text).toContain('REFUNDED');
  });

  it('gives the same bytes for the same input', async () => {
    const first = await renderReceiptPdf(RECEIPT);
    const second = await renderReceiptPdf(structuredClone(RECEIPT));
    expect(first.equals(second)).toBe(true);
  });

  it('writes a sample for humans to look at', async () => {
    const buffer = await renderReceiptPdf({
      ...RECEIPT,
      buyer: { name: 'Anurag Sharma', email: 'anurag@example.com' },
      billingCycle: 'monthly',
      periodEnd: '2026-12-23T10:15:00.000Z',
      listPricePaise: 99_900,
      creditPaise: 12_345,
      amountPaise: 87_555,
      method: 'UPI ga****@okhdfc',
      refunded: true,
    });
    mkdirSync(ARTIFACT_DIR, { recursive: true });
    writeFileSync(`${ARTIFACT_DIR}sample-receipt.pdf`, buffer);
    expect((await readPdf(buffer)).pages).toBe(1);
  });

  it('says on its face that a test-mode receipt took no money, and is neither a tax invoice nor proof of payment', async () => {
    const { pages, items, text, info } = await render({ testMode: true });
    expect(pages).toBe(1);
    expect(items).toContain('Test receipt');
    expect(items).not.toContain('Tax invoice');
    expect(text).toContain('TEST-MODE RECEIPT: no money was taken.');
    expect(text.replace(/\s+/g, ' ')).toContain(TEST_MODE_NOTICE);
    expect(text).toContain('Total (test mode: not charged)');
    expect(text).not.toContain('Total paid');
    expect(text).not.toContain('GST (18%)');
    expect(info.Title).toBe('Test-mode receipt LL-000001');
    // A real receipt says none of it.
    const real = await render();
    expect(real.text).not.toMatch(/test/i);
  });

  describe('hostile or unusual text', () => {
    it.each([
      ['emoji', 'Unicorn 🦄 Fan', 'Unicorn'],
      ['Devanagari', 'अनुराग Sharma', 'Sharma'],
      ['Arabic', 'مرحبا', 'مرحبا'],
      ['Chinese', '王小明 Wang', 'Wang'],
      ['markup', '<script>alert(1)</script>', '<script>alert(1)</script>'],
      ['control characters', 'Ctrl\u0000\u0007Name', 'CtrlName'],
      ['a lone surrogate', 'Broken \uD83E name', 'Broken'],
    ])('renders a buyer name with %s on one page', async (_, name, visible) => {
      const { pages, text } = await render({ buyer: { name, email: 'buyer@example.com' } });
      expect(pages).toBe(1);
      expect(text).toContain(visible);
      expect(text).toContain('buyer@example.com');
      // pdfjs reports boxes (missing glyphs) as U+0000; any other control character would be ours.
      expect([...text].filter((char) => char > '\u0000' && char < ' ')).toEqual([]);
    });

    it('keeps one page for a 200-character name', async () => {
      const name = 'Venkatanarasimharajuvaripeta '.repeat(7).slice(0, 200);
      const { pages, text } = await render({ buyer: { name, email: 'long@example.com' } });
      expect(pages).toBe(1);
      expect(text).toContain('Venkatanarasimharajuvaripeta');
      expect(text).toContain('long@example.com');
      expect(text).toContain('Total paid');
    });

    it('keeps one page when every text field is enormous', async () => {
      const huge = 'W'.repeat(5_000);
      const { pages, text } = await render({
        receiptNumber: huge,
        seller: { name: huge, address: Array.from({ length: 100 }, () => huge).join('\n'), gstin: huge, email: huge },
        buyer: { name: huge, email: huge },
        planName: huge,
        orderId: huge,
        paymentId: huge,
        method: huge,
        listPricePaise: 99_99_99_999_00,
        creditPaise: 1,
        amountPaise: 99_99_99_998_99,
        refunded: true,
      });
      expect(pages).toBe(1);
      expect(text).toContain('₹99,99,99,998.99');
      expect(text).toContain('Total paid');
      expect(text).toContain('Thank you for using');
    });
  });

  it('rejects amounts that do not add up or are not integer paise, and invalid dates', async () => {
    await expect(renderReceiptPdf({ ...RECEIPT, amountPaise: 1 })).rejects.toThrow(RangeError);
    await expect(renderReceiptPdf({ ...RECEIPT, listPricePaise: 999.5, amountPaise: 999.5 })).rejects.toThrow(RangeError);
    await expect(renderReceiptPdf({ ...RECEIPT, issuedAt: 'yesterday' })).rejects.toThrow(RangeError);
  });
});
