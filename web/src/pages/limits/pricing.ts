/** Where "View Pricing Plans" and every upgrade link lead: the public /pricing screen (spec 2 §2). */
export const PRICING_HREF = '/pricing';
