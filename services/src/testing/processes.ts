import { readFileSync, readdirSync } from 'node:fs';

/** The fields of /proc/{pid}/stat after the command name (Linux), or null once the process is gone. */
export function statFields(pid: number): string[] | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name may hold spaces and parentheses: the fields start after the last ')'.
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The processes whose parent is `pid` (Linux: /proc). */
export function childrenOf(pid: number): number[] {
  const children: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    if (Number(statFields(Number(name))?.[1]) === pid) children.push(Number(name));
  }
  return children;
}
