import type { Platform } from '../platform/platform.ts';

interface PerPlatform<T> {
  /** The platform's one instance, made on first use. */
  (platform: Platform): T;
  /** Replaces the platform's instance (a test's, or another configuration's). */
  set(platform: Platform, value: T): void;
}

/**
 * State that lives as long as one platform (per process, per test app): counters, queues,
 * limiters. Kept beside the platform rather than in it, so each feature owns its own.
 */
export function perPlatform<T>(make: (platform: Platform) => T): PerPlatform<T> {
  const instances = new WeakMap<Platform, T>();
  const get = (platform: Platform): T => {
    if (!instances.has(platform)) instances.set(platform, make(platform));
    return instances.get(platform)!;
  };
  return Object.assign(get, { set: (platform: Platform, value: T) => void instances.set(platform, value) });
}
