/**
 * A switch that takes a store "down" for a test: while down, every method of a wrapped
 * store throws (or, in `after` mode, writes go through and then throw, as when a
 * connection drops before the answer arrives). `close` always goes through.
 */
export class Fault {
  private mode: 'up' | 'down' | 'after' = 'up';
  /** Calls refused or failed while down. */
  failures = 0;

  constructor(
    readonly storeName: string,
    /** What a refused call throws (a full disk's SQLITE_FULL, say); a plain error by default. */
    private readonly refusal: (method: string) => Error = (method) => new Error(`${storeName} store is down (test fault on ${method})`),
  ) {}

  /** `before`: calls fail without touching the store; `after`: writes are done, then fail. */
  down(when: 'before' | 'after' = 'before'): void {
    this.mode = when === 'before' ? 'down' : 'after';
  }

  up(): void {
    this.mode = 'up';
  }

  get isDown(): boolean {
    return this.mode !== 'up';
  }

  /** Runs a store call through the switch. */
  async call<T>(method: string, write: boolean, run: () => Promise<T>): Promise<T> {
    if (this.mode === 'down' || (this.mode === 'after' && !write)) {
      this.failures += 1;
      throw this.refusal(method);
    }
    const result = await run();
    if (this.mode === 'after') {
      this.failures += 1;
      throw new Error(`${this.storeName} store went down after ${method} (test fault)`);
    }
    return result;
  }
}

/**
 * Wraps a store so that its methods go through `fault`; `writes` names the methods that
 * change the store (they are the ones that succeed-then-fail in `after` mode).
 */
export function faulty<T extends object>(store: T, fault: Fault, writes: readonly (keyof T & string)[]): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || property === 'close' || typeof property !== 'string') return value;
      const method = value as (...args: unknown[]) => Promise<unknown>;
      const write = (writes as readonly string[]).includes(property);
      return (...args: unknown[]) => fault.call(property, write, () => method.apply(target, args));
    },
  });
}

/**
 * Wraps only a store's writes: while `fault` is down they are refused; reads and
 * subscriptions always go through untouched (a store that reads but cannot save: a full disk).
 */
export function failingWrites<T extends object>(store: T, fault: Fault, writes: readonly (keyof T & string)[]): T {
  return new Proxy(store, {
    get(target, property, receiver) {
      const value: unknown = Reflect.get(target, property, receiver);
      if (typeof value !== 'function' || typeof property !== 'string') return value;
      const method = value as (...args: unknown[]) => unknown;
      if (!(writes as readonly string[]).includes(property)) return method.bind(target);
      return (...args: unknown[]) => fault.call(property, true, async () => method.apply(target, args));
    },
  });
}
