/** When a payment was made, en-IN in the viewer's time zone: "5 Jun 2026, 3:04 pm". */
export function paymentMoment(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-IN', { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit' });
}
