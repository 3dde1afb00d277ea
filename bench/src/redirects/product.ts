import { serverEntry } from '@linkledger/services/supervisor/server-bundle.mjs';
import {
  startCheckoutServerProcess,
  startCompiledServerProcess,
  startServerProcess,
  startSupervisedProcess,
  type StartedProcess,
} from '@linkledger/services/testing/server-process.ts';

export interface Product extends StartedProcess {
  /** The product's processes by role: `api` and `projector` under the supervisor, or `all`. */
  pids: Record<string, number>;
}

/**
 * How the product runs: as `npm start` runs it (the supervisor with an HTTP process and a
 * projector process, compiled ahead), as `ROLE=all npm start` runs it (one process, compiled
 * ahead), as one process under the TypeScript loader (how `npm start` ran before), or as
 * another checkout's server entry under tsx (an older commit, as a baseline: `services/src/server/main.ts`,
 * or `services/src/main.ts` before the composition root moved).
 */
export type Layout = 'supervised' | 'all' | 'all-tsx' | { checkout: string };

/** The product in one layout on a free port. */
export async function startProduct(env: Record<string, string>, layout: Layout, timeoutMs = 300_000): Promise<Product> {
  if (layout === 'supervised') {
    const product = await startSupervisedProcess(env, timeoutMs);
    return { ...product, pids: product.pids() };
  }
  const one = { ...env, ROLE: 'all' };
  const product =
    typeof layout === 'object'
      ? await startCheckoutServerProcess(layout.checkout, one, timeoutMs)
      : layout === 'all'
        ? await startCompiledServerProcess(await serverEntry(), one, timeoutMs)
        : await startServerProcess(one, timeoutMs);
  return { ...product, pids: { all: product.pid } };
}

/**
 * Waits until every projection has applied the whole log (an admin's token asks
 * /api/admin/projections); resolves with how long that took.
 */
export async function projectionsCaughtUp(baseUrl: string, token: string): Promise<number> {
  const started = performance.now();
  for (;;) {
    const response = await fetch(`${baseUrl}/api/admin/projections`, { headers: { authorization: `Bearer ${token}` } });
    const report = (await response.json()) as { projectors: { lag_events: number }[] };
    if (response.ok && report.projectors.length > 0 && report.projectors.every((p) => p.lag_events === 0)) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
