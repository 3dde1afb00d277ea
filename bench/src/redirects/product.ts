import { startServerProcess, startSupervisedProcess, type StartedProcess } from '@linkledger/services/testing/server-process.ts';

export interface Product extends StartedProcess {
  /** The product's processes by role: `api` and `projector` under the supervisor, or `all`. */
  pids: Record<string, number>;
}

/**
 * The product as `npm start` runs it (the supervisor with an HTTP process and a projector
 * process), or as one process (ROLE=all), on a free port.
 */
export async function startProduct(env: Record<string, string>, single: boolean, timeoutMs = 300_000): Promise<Product> {
  if (single) {
    const product = await startServerProcess({ ...env, ROLE: 'all' }, timeoutMs);
    return { ...product, pids: { all: product.pid } };
  }
  const product = await startSupervisedProcess(env, timeoutMs);
  return { ...product, pids: product.pids() };
}
