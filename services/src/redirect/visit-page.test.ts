import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { VisitorBrand } from '../platform/visitor-brand-port.ts';
import { textPage, visitPage, type VisitPageAnswer } from './visit-page.ts';

/** What a page wrote: its status, headers and HTML. */
function answered(send: VisitPageAnswer, brand: VisitorBrand | null = null, extra?: OutgoingHttpHeaders) {
  const written = { status: 0, headers: {} as OutgoingHttpHeaders, html: '', body: null as Buffer | null };
  const response = {
    writeHead: (status: number, headers: OutgoingHttpHeaders) => Object.assign(written, { status, headers }),
    end: (body: Buffer) => Object.assign(written, { html: body.toString(), body }),
  } as unknown as ServerResponse;
  send(response, brand, extra);
  return written;
}

const styleHashOf = (html: string) =>
  createHash('sha256')
    .update(/<style>([^<]*)<\/style>/.exec(html)![1]!)
    .digest('base64');

describe('the frame of the pages a short link answers', () => {
  it('escapes the title, keeps the body as given, and allows only its own inline style', () => {
    const page = answered(visitPage({ status: 410, title: '<script>alert(1)</script> & "x"', body: '<h1>Gone</h1>' }), null, { 'retry-after': '5' });
    expect(page.status).toBe(410);
    expect(page.html).toContain('<title>&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;x&#34;</title>');
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('<main><p class="brand">');
    expect(page.html).toContain('<h1>Gone</h1></main>');
    expect(page.headers['content-security-policy']).toContain(`style-src 'sha256-${styleHashOf(page.html)}'`);
    expect(page.headers['content-security-policy']).not.toContain('img-src');
    expect(page.headers).toMatchObject({ 'cache-control': 'no-store', 'retry-after': '5', 'content-length': Buffer.byteLength(page.html) });
  });

  it("under a workspace's brand shows its name (escaped), logo and colours and none of ours, with the styles' hash and images from this host only", () => {
    const brand: VisitorBrand = { name: '<img src=x onerror=alert(1)> Acme', logoUrl: '/_brand/4/2', primaryColor: '#7a1f5c', backgroundColor: '#fdf2f8' };
    const page = answered(textPage({ status: 404, title: 'Gone', paragraphs: ['Nothing here.'] }), brand);
    expect(page.html).toContain('<p class="brand"><img src="/_brand/4/2" alt=""><span>&#60;img src=x onerror=alert(1)&#62; Acme</span></p>');
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).not.toMatch(/linkledger/i);
    expect(page.html).not.toContain('<svg');
    expect(page.html).toContain('body{background:#fdf2f8}');
    expect(page.html).toContain('background:#7a1f5c;color:#ffffff');
    expect(page.headers['content-security-policy']).toContain(`style-src 'sha256-${styleHashOf(page.html)}'`);
    expect(page.headers['content-security-policy']).toContain("img-src 'self'");
  });

  it('builds a page once per brand: the same brand answers the very same buffer', () => {
    const page = textPage({ status: 404, title: 'Gone', paragraphs: [] });
    const brand: VisitorBrand = { name: 'Acme', logoUrl: null, primaryColor: '#ffd400', backgroundColor: '#000000' };
    const first = answered(page, brand);
    expect(answered(page, brand).body).toBe(first.body);
    expect(answered(page, { ...brand }).body).not.toBe(first.body);
    // A light primary colour gets dark button text; without a logo no image is allowed.
    expect(first.html).toContain('background:#ffd400;color:#131a18');
    expect(first.headers['content-security-policy']).not.toContain('img-src');
  });
});
