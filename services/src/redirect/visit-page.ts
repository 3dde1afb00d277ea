import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { contrastRatio } from '@linkledger/contracts/qr-design-rules';
import { escapeHtml } from '../formats/html-text.ts';
import { cardPageHtml, visitorPageHeaders } from '../formats/visitor-page-frame.ts';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';

/**
 * The frame of the pages a short link answers instead of its redirect (docs/links.md#smart-links):
 * the app's look (its colours, type and card, written out here since no stylesheet of the app
 * is served on a user's domain), readable on a phone, no script, nothing loaded from anywhere.
 */
const STYLE = [
  ':root{color-scheme:light}',
  '*,*::before,*::after{box-sizing:border-box}',
  "body{margin:0;min-width:20rem;min-height:100vh;display:grid;place-items:center;padding:1.5rem;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,'Noto Sans','Liberation Sans',sans-serif;font-size:1rem;line-height:1.6;color:#131a18;background:#f7f8f6;-webkit-font-smoothing:antialiased}",
  'main{width:100%;max-width:26rem;padding:2rem 1.5rem;border:1px solid #dde3e0;border-radius:16px;background:#fff;box-shadow:0 4px 12px rgb(15 27 25/.08),0 1px 3px rgb(15 27 25/.06)}',
  '.brand{display:flex;align-items:center;gap:.5rem;margin:0 0 1.5rem;color:#131a18;font-size:1.125rem;font-weight:700;letter-spacing:-.01em}',
  'h1{margin:0 0 .5rem;font-size:1.375rem;line-height:1.15;font-weight:700}',
  'p{margin:0 0 1rem;color:#4a5652}',
  'form{display:grid;gap:1rem;margin:0}',
  'label{display:grid;gap:.25rem;font-size:.875rem;font-weight:600}',
  'input{width:100%;min-height:2.75rem;padding:.5rem .75rem;border:1px solid #b9c4bf;border-radius:10px;background:#fff;color:#131a18;font:inherit;font-size:1rem}',
  'input:focus-visible{outline:none;border-color:#1f6feb;box-shadow:0 0 0 3px rgb(31 111 235/.25)}',
  "input[aria-invalid='true']{border-color:#b42318}",
  'button{min-height:3rem;padding:0 1.5rem;border:0;border-radius:10px;background:#0d6b5e;color:#fff;font:inherit;font-weight:600;cursor:pointer}',
  'button:hover{background:#084f45}',
  'button:focus-visible{outline:none;box-shadow:0 0 0 2px #fff,0 0 0 5px #1f6feb}',
  '.error{margin:0;padding:.5rem .75rem;border-radius:10px;background:#fdebe9;color:#b42318;font-size:.875rem}',
].join('');

const DARK_TEXT = '#131a18';
const WHITE = '#ffffff';

/**
 * A workspace's colours over the app's (docs/pages.md#white-label): its background behind the
 * card, its primary colour on buttons, with white or dark text, whichever reads better on it.
 * The colours are `#rrggbb` (checked when the brand was set), so they are safe in a style.
 */
function brandStyle(brand: VisitorBrand): string {
  const label = contrastRatio(brand.primaryColor, WHITE) >= contrastRatio(brand.primaryColor, DARK_TEXT) ? WHITE : DARK_TEXT;
  return (
    `body{background:${brand.backgroundColor}}` +
    `button,button:hover{background:${brand.primaryColor};color:${label}}button:hover{filter:brightness(.92)}` +
    `input:focus-visible{border-color:${brand.primaryColor}}` +
    '.brand img{display:block;height:2rem;width:auto;max-width:10rem;object-fit:contain}'
  );
}

interface VisitPage {
  status: number;
  /** Plain text: escaped here. */
  title: string;
  /** HTML inside the card, after the brand: whoever writes it escapes every user text in it. */
  body: string;
}

interface BuiltPage {
  html: Buffer;
  headers: OutgoingHttpHeaders;
}

/** Answers a visitor with a page, under a brand (null: ours), with headers of this answer added (a Retry-After, a cookie). */
export type VisitPageAnswer = (response: ServerResponse, brand: VisitorBrand | null, extraHeaders?: OutgoingHttpHeaders) => void;

function buildPage({ title, body }: VisitPage, brand: VisitorBrand | null): BuiltPage {
  const style = brand === null ? STYLE : STYLE + brandStyle(brand);
  const html = Buffer.from(cardPageHtml(title, style, body, brand));
  const headers: OutgoingHttpHeaders = {
    'content-type': 'text/html; charset=utf-8',
    ...visitorPageHeaders(style, { images: brand?.logoUrl != null, formAction: 'self', referrer: 'no-referrer' }),
    'content-length': html.length,
  };
  return { html, headers };
}

/**
 * Builds a page once per brand and answers with it as often as asked, so it costs a redirect
 * no more than writing a constant buffer. A brand's page is kept as long as the brand itself
 * (a changed brand is a new object, and its old page goes with it).
 * A HEAD gets the status and headers only (Node leaves the body out).
 */
export function visitPage(page: VisitPage): VisitPageAnswer {
  const ours = buildPage(page, null);
  const branded = new WeakMap<VisitorBrand, BuiltPage>();
  return (response, brand, extraHeaders) => {
    let built = ours;
    if (brand !== null) {
      built = branded.get(brand) ?? buildPage(page, brand);
      branded.set(brand, built);
    }
    response.writeHead(page.status, extraHeaders ? { ...built.headers, ...extraHeaders } : built.headers);
    response.end(built.html);
  };
}

/** A page of plain text: its title as the heading, then its paragraphs, every one escaped. */
export function textPage(page: { status: number; title: string; paragraphs: readonly string[] }): VisitPageAnswer {
  return visitPage({
    status: page.status,
    title: page.title,
    body: `<h1>${escapeHtml(page.title)}</h1>${page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('')}`,
  });
}
