/**
 * Where "View Pricing Plans" leads: the landing page's pricing section, until the /pricing
 * screen (spec 2, a later issue) exists.
 */
export const PRICING_HREF = '/#pricing';
