import type { Platform } from '../platform/platform.ts';
import type { VisitorBrand, VisitorPlace } from '../platform/visitor-brand-port.ts';

export type { VisitorBrand } from '../platform/visitor-brand-port.ts';

/**
 * The brand of the pages a request on `place` sees: null for ours (our host, or a domain whose
 * workspace has no white label or set no brand). Answered from memory (docs/pages.md#white-label).
 */
export async function visitorBrandFor(platform: Platform, place: VisitorPlace): Promise<VisitorBrand | null> {
  return platform.linkCache.brands?.forPlace(place, platform.clock()) ?? null;
}
