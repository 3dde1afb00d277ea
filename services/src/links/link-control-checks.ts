import type { StoredLinkControls, TargetingRule, Variant } from '@linkledger/contracts';
import { invalid } from '../commands/domain-error.ts';
import { loopsBack } from './short-link-address.ts';

/** The most targeting rules a link holds (docs/links.md#setting-controls). */
const MAX_RULES = 20;
const MIN_VARIANTS = 2;
const MAX_VARIANTS = 4;

/** What the checks need besides the link: the clock's instant and the hosts this service answers to. */
export interface ControlsCheckContext {
  now: number;
  ownHosts: readonly string[];
}

/** The schedule the link has now: ISO instants, null when unset. */
export interface CurrentSchedule {
  starts_at: string | null;
  expires_at: string | null;
}

const loopMessage = (field: string) =>
  `${field} points back to a short link of this service, so following it would go round in a loop. Use the address of the page itself.`;

/**
 * Refuses controls that could never work on the link as it will be: `set` holds the fields a
 * creation or an edit gives (absent = unchanged), `current` the schedule the link has. Only
 * what the command gives is checked, so an edit of the title is never refused because an
 * expiry set earlier has passed since. A `max_clicks` at or below the clicks the link already
 * has is allowed: the link then counts as expired (the decider does not know the clicks, and
 * lowering a cap is how an owner ends a link's run at once).
 */
export function checkControls(set: StoredLinkControls, current: CurrentSchedule, context: ControlsCheckContext): void {
  checkSchedule(set, current, context.now);
  if (set.expired_url && loopsBack(set.expired_url, context.ownHosts)) throw invalid(loopMessage('expired_url'), 'expired_url');
  if (set.rules) checkRules(set.rules, context.ownHosts);
  if (set.variants) checkVariants(set.variants, context.ownHosts);
}

function checkSchedule(set: StoredLinkControls, current: CurrentSchedule, now: number): void {
  if (set.expires_at && Date.parse(set.expires_at) <= now) {
    throw invalid('expires_at is in the past: choose a time still to come, or null to remove the expiry', 'expires_at');
  }
  if (set.starts_at === undefined && set.expires_at === undefined) return;
  const startsAt = set.starts_at === undefined ? current.starts_at : set.starts_at;
  const expiresAt = set.expires_at === undefined ? current.expires_at : set.expires_at;
  if (startsAt && expiresAt && Date.parse(startsAt) >= Date.parse(expiresAt)) {
    throw invalid('starts_at must be before expires_at, or the link would never be active', 'starts_at');
  }
}

function checkRules(rules: readonly TargetingRule[], ownHosts: readonly string[]): void {
  if (rules.length > MAX_RULES) throw invalid(`rules holds ${rules.length} rules; a link holds at most ${MAX_RULES}`, 'rules');
  rules.forEach(({ url, conditions }, index) => {
    const rule = `Rule ${index + 1}`;
    if (Object.values(conditions).every((condition) => condition === undefined)) {
      throw invalid(`${rule} in rules has no conditions: give it at least one (device, country, …) or remove it`, 'rules');
    }
    if (conditions.before && conditions.after && Date.parse(conditions.before) <= Date.parse(conditions.after)) {
      throw invalid(`${rule} in rules can never hold: its before must be later than its after`, 'rules');
    }
    if (loopsBack(url, ownHosts)) throw invalid(loopMessage(`${rule}'s url`), 'rules');
  });
}

function checkVariants(variants: readonly Variant[], ownHosts: readonly string[]): void {
  if (variants.length === 0) return;
  if (variants.length < MIN_VARIANTS || variants.length > MAX_VARIANTS) {
    throw invalid(`variants holds ${variants.length}; an A/B split has ${MIN_VARIANTS} to ${MAX_VARIANTS} destinations (or [] for none)`, 'variants');
  }
  const total = variants.reduce((sum, variant) => sum + variant.weight, 0);
  if (total !== 100) throw invalid(`The weights in variants sum to ${total}; they must sum to 100`, 'variants');
  variants.forEach(({ url }, index) => {
    if (loopsBack(url, ownHosts)) throw invalid(loopMessage(`Variant ${index + 1}'s url`), 'variants');
  });
}
