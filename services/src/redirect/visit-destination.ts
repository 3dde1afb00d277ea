import type { ServerResponse } from 'node:http';
import type { LinkState } from '../links/index.ts';
import { variantCookie, variantCookieName, variantOfCookie, variantOfVisitor } from './ab-split.ts';
import { matchingRule } from './targeting-rules.ts';
import type { VisitFacts } from './visit-facts.ts';
import type { VisitTarget } from './smart-link-visit.ts';

/** Adds a Set-Cookie to the answer, keeping any another step set. */
function addCookie(response: ServerResponse, cookie: string): void {
  const set = response.getHeader('set-cookie');
  response.setHeader('set-cookie', set === undefined ? [cookie] : [...(Array.isArray(set) ? set : [String(set)]), cookie]);
}

/**
 * Where a visit goes (docs/links.md#smart-links): the first targeting rule whose conditions
 * all hold, else the A/B split's variant for this visitor (the one their cookie names, else
 * the one their visitor hash falls in, which the cookie then keeps), else the link's own
 * destination. Evaluated on the cached link, with no I/O; each address comes with the link's UTM
 * parameters already added (docs/links.md#utm-parameters).
 */
export function visitDestination(link: LinkState, visit: VisitFacts, response: ServerResponse): VisitTarget {
  const rules = link.controls?.rules ?? [];
  const variants = link.controls?.variants ?? [];
  const ruleUrls = link.controls?.servedRuleUrls ?? [];
  const variantUrls = link.controls?.servedVariantUrls ?? [];
  const rule = rules.length > 0 ? matchingRule(rules, visit) : 0;
  if (rule > 0) return { destination: ruleUrls[rule - 1]!, rule, variant: 0, known: visit.knownVisitor() };
  if (variants.length === 0) return { destination: link.servedDestination, rule: 0, variant: 0, known: visit.knownVisitor() };
  const kept = variantOfCookie(variants, visit.cookie(variantCookieName(link.id)));
  const variant = kept || variantOfVisitor(variants, link.id, visit.visitorHash());
  if (variant === 0) return { destination: link.servedDestination, rule: 0, variant: 0, known: visit.knownVisitor() };
  if (!kept) addCookie(response, variantCookie(link.id, variants, variant, visit.path(), visit.secure()));
  return { destination: variantUrls[variant - 1]!, rule: 0, variant, known: visit.knownVisitor() };
}
