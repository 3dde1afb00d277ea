/*
 * Money on the payment screens. The server counts in integer paise; the plan catalogue in
 * whole rupees. Everything is written the Indian way (en-IN grouping, ₹). The pricing page
 * can also show USD, which (as the product defines it) is the rupee figure divided by 100.
 */

export type DisplayCurrency = 'INR' | 'USD';

const formatters = new Map<string, Intl.NumberFormat>();
function format(amount: number, currency: DisplayCurrency, fractions: 0 | 2): string {
  const key = `${currency}:${fractions}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-IN', { style: 'currency', currency, minimumFractionDigits: fractions, maximumFractionDigits: fractions });
    formatters.set(key, formatter);
  }
  return formatter.format(amount);
}

/** An amount in paise as rupees: "₹999" for whole rupees, "₹286.65" otherwise, "₹12,34,567.50" grouped the Indian way. */
export function paiseLabel(paise: number): string {
  if (!Number.isInteger(paise)) throw new RangeError(`An amount in paise is a whole number, got ${paise}`);
  return format(paise / 100, 'INR', paise % 100 === 0 ? 0 : 2);
}

/** A catalogue price (whole rupees) in the chosen display currency: "₹999", or "$9.99" in USD (rupees ÷ 100). */
export function displayPrice(rupees: number, currency: DisplayCurrency): string {
  if (currency === 'INR') return format(rupees, 'INR', Number.isInteger(rupees) ? 0 : 2);
  const dollars = rupees / 100;
  return format(dollars, 'USD', Number.isInteger(dollars) ? 0 : 2);
}

/** A GST rate from basis points, as the pricing page writes it: "18%" from 1800, "12.5%" from 1250. */
export const gstPercent = (basisPoints: number) => `${Number((basisPoints / 100).toFixed(2))}%`;
