/** Where "View Pricing Plans" and every upgrade link lead: the public /pricing screen (docs/web-app.md#pricing-page). */
export const PRICING_HREF = '/pricing';
