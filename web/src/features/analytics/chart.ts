/** The 8 colours charts and table dots cycle through, in order (docs/analytics.md#breakdowns). */
export const CHART_COLOURS = ['#0d6b5e', '#1f5fbf', '#c2410c', '#7c3aed', '#b42318', '#0e7490', '#a16207', '#be185d'] as const;

export const chartColour = (index: number): string => CHART_COLOURS[((index % CHART_COLOURS.length) + CHART_COLOURS.length) % CHART_COLOURS.length]!;

/** A share of the total as a whole percent, for pie labels ("42%"). */
export function wholePercent(count: number, total: number): string {
  return `${total > 0 ? Math.round((count / total) * 100) : 0}%`;
}

/** A share of the total with one decimal, for the Top Countries table ("33.3%"). */
export function oneDecimalPercent(count: number, total: number): string {
  return `${total > 0 ? ((count / total) * 100).toFixed(1) : '0.0'}%`;
}
