import { createHash } from 'node:crypto';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';
import { escapeHtml } from './html-text.ts';

/**
 * The frame every page a visitor sees shares (docs/pages.md): the document around a card, the
 * brand line at its top, and the headers that let nothing but its one inline style run.
 */

/** Our mark, inline SVG: the brand line of every page a visitor sees on our brand. */
const LOGO =
  '<svg viewBox="0 0 32 32" width="28" height="28" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="8" fill="#0d6b5e"/>' +
  '<path d="M10 8v16h12" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/>' +
  '<path d="M15 13h7M15 18h5" fill="none" stroke="#9ee6d6" stroke-width="3" stroke-linecap="round"/></svg>';

/** A colour written into a page's style only when it is one (`#rrggbb`), else `fallback`: nothing else reaches the style sheet. */
export const styleColour = (value: string | undefined, fallback: string) => (value && /^#[0-9a-f]{6}$/i.test(value) ? value : fallback);

/** What a page may do beyond showing its one inline style. */
interface PagePolicy {
  /** Whether it shows images of its own host (a brand's logo, an avatar). */
  images: boolean;
  /** Where its forms may go: this origin, or nowhere. */
  formAction: 'self' | 'none';
  /** What a link followed from it tells the next site. */
  referrer: 'no-referrer' | 'strict-origin-when-cross-origin';
}

/** Nothing but the page's one inline style runs or loads (and images of this host when it shows some); no other site frames it. */
const policyFor = (style: string, { images, formAction }: PagePolicy) =>
  [
    "default-src 'none'",
    `style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`,
    ...(images ? ["img-src 'self'"] : []),
    `form-action '${formAction}'`,
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');

/** The headers a visitor's page is served with: never cached, never framed, its policy allowing its style by hash. */
export function visitorPageHeaders(style: string, policy: PagePolicy): Record<string, string> {
  return {
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    'referrer-policy': policy.referrer,
    'content-security-policy': policyFor(style, policy),
  };
}

/** The name and logo at the top of the card: ours, or the workspace's (its name escaped, its logo from this host). */
const brandLine = (brand: VisitorBrand | null) =>
  brand === null
    ? `<p class="brand">${LOGO}<span>Linkledger</span></p>`
    : `<p class="brand">${brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="">` : ''}<span>${escapeHtml(brand.name)}</span></p>`;

/** A card page kept out of search engines: the brand line, then the body (whose writer escaped every user text). */
export const cardPageHtml = (title: string, style: string, body: string, brand: VisitorBrand | null) =>
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)}</title><style>${style}</style></head>` +
  `<body><main>${brandLine(brand)}${body}</main></body></html>\n`;
