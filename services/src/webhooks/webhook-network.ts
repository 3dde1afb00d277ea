import { perPlatform } from '../platform/per-platform.ts';
import type { SafeFetchNetwork } from '../platform/safe-fetch.ts';

/**
 * How webhooks reach the network: undefined, the system's, in the product; a test sets its own
 * (names that resolve as it says) to check an address that changes between saving and sending.
 * No configuration reaches it.
 */
export const webhookNetwork = perPlatform<SafeFetchNetwork | undefined>(() => undefined);
