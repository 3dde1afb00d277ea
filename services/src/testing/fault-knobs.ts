/**
 * Sizes of the fault tests. `npm test` runs them small; the full run is
 * `FAULT_ITERATIONS=10 FAULT_EVENTS=20000 npx vitest run services/src/platform/*crash*` (see README).
 */
export function faultKnobs(defaults: { iterations: number; events?: number }) {
  const positive = (name: string, fallback: number) => {
    const value = Number(process.env[name] ?? fallback);
    if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive whole number`);
    return value;
  };
  const seed = positive('FAULT_SEED', Math.floor(Math.random() * 2 ** 31));
  return {
    iterations: positive('FAULT_ITERATIONS', defaults.iterations),
    events: positive('FAULT_EVENTS', defaults.events ?? 1),
    seed,
    random: seededRandom(seed),
  };
}

/** mulberry32: a small, good-enough seeded generator, so a failing run can be replayed with FAULT_SEED. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
