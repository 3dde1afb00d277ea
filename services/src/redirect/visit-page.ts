import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A page the redirect answers instead of a redirect: its status, its title (also the heading) and its paragraphs. */
interface VisitPage {
  status: number;
  title: string;
  /** Plain text, one paragraph each: every one is escaped here, so a user's text can never become markup. */
  paragraphs: readonly string[];
}

/**
 * The frame of the pages a short link answers with (docs/links.md#smart-links): small, self-contained
 * HTML in the app's colours (base.css's tokens), readable on a phone, with no script and a
 * policy that allows none, never cached (the link can change at any moment).
 */
const STYLE =
  'body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#f7f8f6;color:#131a18;' +
  'font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}' +
  'main{box-sizing:border-box;width:100%;max-width:32rem;margin:1rem;padding:2rem;background:#fff;border:1px solid #dde3e0;border-radius:12px;text-align:center}' +
  '.brand{margin:0 0 1.5rem;font-weight:700;color:#0d6b5e;letter-spacing:.02em}' +
  '.code{margin:0;font-size:3rem;font-weight:800;line-height:1;color:#0d6b5e}' +
  'h1{margin:.75rem 0;font-size:1.5rem;line-height:1.25}p{margin:.5rem 0;color:#4a5652;overflow-wrap:anywhere}';
/** The one inline style sheet, allowed by its hash: nothing injected could style or script the page. */
const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;

export function visitPage(response: ServerResponse, page: VisitPage): void {
  const title = escapeHtml(page.title);
  const html = Buffer.from(
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
      `<title>${title}</title><style>${STYLE}</style></head><body><main><p class="brand">Linkledger</p>` +
      `<p class="code" aria-hidden="true">${page.status}</p><h1>${title}</h1>` +
      page.paragraphs.map((text) => `<p>${escapeHtml(text)}</p>`).join('') +
      '</main></body></html>\n',
  );
  response.writeHead(page.status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    'content-security-policy': POLICY,
    'referrer-policy': 'no-referrer',
    'content-length': html.length,
  });
  response.end(html);
}
