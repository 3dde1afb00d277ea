/** Polls an (async) condition until it holds; throws after `timeoutMs`, saying what was awaited. */
export async function eventually(condition: () => boolean | Promise<boolean>, timeoutMs = 10_000, what = 'a condition', everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/** Resolves with what the promise resolved to, or rejects if that takes longer than `ms`. */
export const within = <T>(ms: number, promise: Promise<T>) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`not within ${ms} ms`)), ms))]);
