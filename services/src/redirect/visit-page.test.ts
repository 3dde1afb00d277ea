import { createHash } from 'node:crypto';
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { visitPage } from './visit-page.ts';

/** What a page wrote: its status, headers and HTML. */
function answered(send: (response: ServerResponse, extra?: OutgoingHttpHeaders) => void, extra?: OutgoingHttpHeaders) {
  const written = { status: 0, headers: {} as OutgoingHttpHeaders, html: '' };
  const response = {
    writeHead: (status: number, headers: OutgoingHttpHeaders) => Object.assign(written, { status, headers }),
    end: (body: Buffer) => (written.html = body.toString()),
  } as unknown as ServerResponse;
  send(response, extra);
  return written;
}

describe('the frame of the pages a short link answers', () => {
  it('escapes the title, keeps the body as given, and allows only its own inline style', () => {
    const page = answered(visitPage({ status: 410, title: '<script>alert(1)</script> & "x"', body: '<h1>Gone</h1>' }), { 'retry-after': '5' });
    expect(page.status).toBe(410);
    expect(page.html).toContain('<title>&#60;script&#62;alert(1)&#60;/script&#62; &#38; &#34;x&#34;</title>');
    expect(page.html).not.toContain('<script');
    expect(page.html).toContain('<main><p class="brand">');
    expect(page.html).toContain('<h1>Gone</h1></main>');
    const style = /<style>([^<]*)<\/style>/.exec(page.html)![1]!;
    expect(page.headers['content-security-policy']).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(page.headers).toMatchObject({ 'cache-control': 'no-store', 'retry-after': '5', 'content-length': Buffer.byteLength(page.html) });
  });
});
