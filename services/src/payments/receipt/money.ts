/** '₹1,234.00' style, en-IN grouping ('₹1,00,000.50'), from integer paise; throws on a non-integer. */
export function formatInr(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError(`Amount must be integer paise, got ${paise}`);
  const sign = paise < 0 ? '-' : '';
  const digits = String(Math.abs(paise)).padStart(3, '0');
  const rupees = digits.slice(0, -2);
  const fraction = digits.slice(-2);
  // en-IN groups the last three digits, then every two: 1,00,00,000.
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${sign}₹${rest ? `${rest},` : ''}${lastThree}.${fraction}`;
}

/** Prices include GST: taxable value = round(amount * 10000 / (10000 + rate)), tax = amount - taxable. Integers only (use BigInt or integer math with half-up rounding). */
export function gstBreakdown(amountPaise: number, rateBasisPoints: number): { taxablePaise: number; taxPaise: number } {
  if (!Number.isSafeInteger(amountPaise) || amountPaise < 0) {
    throw new RangeError(`Amount must be non-negative integer paise, got ${amountPaise}`);
  }
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`GST rate must be non-negative integer basis points, got ${rateBasisPoints}`);
  }
  // BigInt keeps amount * 10000 exact for any safe-integer amount.
  const numerator = BigInt(amountPaise) * 10_000n;
  const denominator = 10_000n + BigInt(rateBasisPoints);
  const taxable = (2n * numerator + denominator) / (2n * denominator); // half-up
  const taxablePaise = Number(taxable);
  return { taxablePaise, taxPaise: amountPaise - taxablePaise };
}

/** 1800 → '18%', 1850 → '18.5%', 1825 → '18.25%'. */
export function formatRatePercent(rateBasisPoints: number): string {
  if (!Number.isSafeInteger(rateBasisPoints) || rateBasisPoints < 0) {
    throw new RangeError(`GST rate must be non-negative integer basis points, got ${rateBasisPoints}`);
  }
  const whole = Math.floor(rateBasisPoints / 100);
  const fraction = String(rateBasisPoints % 100)
    .padStart(2, '0')
    .replace(/0+$/, '');
  return `${whole}${fraction ? `.${fraction}` : ''}%`;
}
