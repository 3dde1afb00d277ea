import { execFileSync } from 'node:child_process';
import { statFields } from '@linkledger/services/testing/processes.ts';

/** Clock ticks per second of /proc's CPU times (100 on Linux almost everywhere). */
const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** CPU time a process has used so far, every thread counted (user + system), in µs. */
export function cpuMicros(pid: number): number {
  const fields = statFields(pid);
  if (!fields) return 0;
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / TICKS_PER_SECOND;
}

/** CPU used by some processes between two moments, in µs each. */
export function cpuMeter(pids: Record<string, number>) {
  const start = Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMicros(pid)]));
  return () => Object.fromEntries(Object.entries(pids).map(([name, pid]) => [name, cpuMicros(pid) - start[name]!])) as Record<string, number>;
}
