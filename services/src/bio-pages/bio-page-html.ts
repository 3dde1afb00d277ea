import type { BioTheme } from '@linkledger/contracts';
import { escapeHtml } from '../formats/html-text.ts';
import { styleColour, visitorPageHeaders } from '../formats/visitor-page-frame.ts';
import type { VisitorBrand } from '../public-pages/index.ts';

/** What a link-in-bio page shows: every text plain (escaped here), every address already built. */
interface BioPageContent {
  title: string;
  bio: string;
  theme: BioTheme;
  /** The avatar's address on the same host, or null. */
  avatarUrl: string | null;
  links: readonly { title: string; href: string }[];
  /** The workspace's brand (white label), or null for ours. */
  brand: VisitorBrand | null;
}

/** The layout of every page, the theme's colours set apart as custom properties. */
const LAYOUT = [
  '*,*::before,*::after{box-sizing:border-box}',
  "body{margin:0;min-height:100vh;padding:2.5rem 1rem 2rem;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','Liberation Sans',sans-serif;font-size:1rem;line-height:1.5;background:var(--background);color:var(--text);-webkit-font-smoothing:antialiased}",
  'main{max-width:30rem;margin:0 auto;text-align:center}',
  '.avatar{display:block;width:96px;height:96px;margin:0 auto 1rem;border-radius:50%;object-fit:cover}',
  'h1{margin:0 0 .5rem;font-size:1.5rem;line-height:1.2;font-weight:700;overflow-wrap:anywhere}',
  '.bio{margin:0 0 1.5rem;white-space:pre-line;overflow-wrap:anywhere;opacity:.9}',
  'ul{list-style:none;margin:0 0 2rem;padding:0;display:grid;gap:.75rem}',
  'a.button{display:block;min-height:3.25rem;padding:.875rem 1.25rem;border-radius:12px;background:var(--button);color:var(--button-text);font-weight:600;text-decoration:none;overflow-wrap:anywhere}',
  'a.button:hover{filter:brightness(1.08)}',
  'a.button:focus-visible{outline:3px solid var(--text);outline-offset:3px}',
  'footer{display:flex;align-items:center;justify-content:center;gap:.5rem;font-size:.8125rem;opacity:.8}',
  'footer img{height:20px;width:auto}',
  'footer a{color:inherit}',
].join('');

/** Who made the page, at its foot: the workspace's brand on its white-label domain, else ours. */
function footer(brand: VisitorBrand | null): string {
  if (!brand) return '<footer><span>Made with Linkledger</span></footer>';
  const logo = brand.logoUrl ? `<img src="${escapeHtml(brand.logoUrl)}" alt="">` : '';
  return `<footer>${logo}<span>${escapeHtml(brand.name)}</span></footer>`;
}

/**
 * A page as HTML with the headers it is served with (docs/pages.md#link-in-bio-pages): no
 * script, one inline style allowed by its hash, readable on a phone, every user text escaped.
 */
export function renderBioPage(content: BioPageContent): { html: Buffer; headers: Record<string, string | number> } {
  const { theme } = content;
  // Colours are checked #rrggbb at the API; the page writes them again only as such.
  const colour = (value: string) => styleColour(value, '#000000');
  const style =
    `:root{color-scheme:light dark;--background:${colour(theme.background)};--text:${colour(theme.text)};` +
    `--button:${colour(theme.button)};--button-text:${colour(theme.button_text)}}${LAYOUT}`;
  const avatar = content.avatarUrl ? `<img class="avatar" src="${escapeHtml(content.avatarUrl)}" alt="" width="96" height="96">` : '';
  const bio = content.bio ? `<p class="bio">${escapeHtml(content.bio)}</p>` : '';
  const links = content.links.map((link) => `<li><a class="button" href="${escapeHtml(link.href)}">${escapeHtml(link.title)}</a></li>`).join('');
  const html = Buffer.from(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${escapeHtml(content.title)}</title>${content.bio ? `<meta name="description" content="${escapeHtml(content.bio)}">` : ''}` +
      `<style>${style}</style></head><body><main>${avatar}<h1>${escapeHtml(content.title)}</h1>${bio}` +
      `<ul>${links}</ul>${footer(content.brand)}</main></body></html>\n`,
  );
  return {
    html,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      ...visitorPageHeaders(style, { images: true, formAction: 'none', referrer: 'strict-origin-when-cross-origin' }),
      'content-length': html.length,
    },
  };
}
