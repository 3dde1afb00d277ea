/** "in 1 minute", "in 14 minutes": when a throttled caller may try again. */
export function whenAgain(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return `in ${minutes} minute${minutes === 1 ? '' : 's'}`;
}
