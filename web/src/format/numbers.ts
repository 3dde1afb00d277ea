/** "Growth vs last month" (docs/analytics.md#dashboard-tiles): a signed percent with one decimal ("+12.5%", "-3.0%", "0.0%"). */
export function signedPercent(value: number): string {
  if (!Number.isFinite(value)) return '0.0%';
  const fixed = Math.abs(value).toFixed(1);
  if (fixed === '0.0') return '0.0%';
  return `${value > 0 ? '+' : '-'}${fixed}%`;
}

/** A count as the tiles show it, grouped by thousands ("12,480"). */
export function countLabel(value: number): string {
  return value.toLocaleString('en-US');
}
