import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { signUp, startTestApp, type TestApp } from '../testing/test-app.ts';
import { qrTarget } from './qr-routes.ts';
import { drawQrPng, drawQrSvg } from './qr/qr-drawing.ts';

/** Width and height from a PNG's IHDR chunk. */
const pngSize = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

describe('GET /api/urls/{id}/qr.png and qr.svg', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let link: { id: number; short_code: string };
  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example/' });
    headers = (await signUp(t.app, 'qr@example.com')).headers;
    link = (
      await t.app.inject({ method: 'POST', url: '/api/urls', headers, payload: { original_url: 'https://example.com/menu', short_code: 'menu-qr' } })
    ).json();
  });
  afterAll(async () => t.close());

  it('encodes the short URL marked with src=qr', () => {
    expect(qrTarget('https://lnk.example/menu-qr')).toBe('https://lnk.example/menu-qr?src=qr');
    expect(qrTarget('https://lnk.example/ABCDEF/menu-qr')).toBe('https://lnk.example/ABCDEF/menu-qr?src=qr');
  });

  it('draws a PNG of the asked size, 256 pixels by default, of exactly that URL', async () => {
    const response = await t.app.inject({ url: `/api/urls/${link.id}/qr.png`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/png');
    expect(response.headers['content-disposition']).toBe('inline; filename="qr-menu-qr.png"');
    expect(pngSize(response.rawPayload)).toEqual({ width: 256, height: 256 });
    expect(response.rawPayload.equals(await drawQrPng('https://lnk.example/menu-qr?src=qr', 256))).toBe(true);
    // A code of another text differs: the comparison above does say what is encoded.
    expect(response.rawPayload.equals(await drawQrPng('https://lnk.example/menu-qr', 256))).toBe(false);
    const large = await t.app.inject({ url: `/api/urls/${link.id}/qr.png?size=1024`, headers });
    expect(pngSize(large.rawPayload)).toEqual({ width: 1024, height: 1024 });
  });

  it('draws an SVG of the same code', async () => {
    const response = await t.app.inject({ url: `/api/urls/${link.id}/qr.svg?size=300`, headers });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(response.body).toMatch(/^<svg [^>]*width="300" height="300"/);
    expect(response.body).toBe(await drawQrSvg('https://lnk.example/menu-qr?src=qr', 300));
    const modules = QRCode.create('https://lnk.example/menu-qr?src=qr', { errorCorrectionLevel: 'M' }).modules.size;
    expect(response.body).toContain(`viewBox="0 0 ${modules + 4} ${modules + 4}"`);
  });

  it('counts a scan as a QR click', async () => {
    const scan = await t.app.inject({
      url: '/menu-qr?src=qr',
      headers: { 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1' },
    });
    expect(scan.statusCode).toBe(302);
    const [click] = await t.platform.events.readStream(`clicks-${link.id}`);
    expect(click?.data).toMatchObject({ source: 'qr' });
  });

  it('refuses sizes outside 128–1024 pixels', async () => {
    for (const [size, detail] of [
      ['127', 'Size must be at least 128 pixels'],
      ['1025', 'Size must be at most 1024 pixels'],
      ['big', 'Size must be a whole number of pixels from 128 to 1024'],
      ['200.5', 'Size must be a whole number of pixels from 128 to 1024'],
    ] as const) {
      const response = await t.app.inject({ url: `/api/urls/${link.id}/qr.svg?size=${size}`, headers });
      expect(response.statusCode, size).toBe(400);
      expect(response.json().detail).toBe(detail);
    }
  });

  it('is drawn for the owner only', async () => {
    const other = await signUp(t.app, 'qr-other@example.com');
    for (const format of ['png', 'svg']) {
      const response = await t.app.inject({ url: `/api/urls/${link.id}/qr.${format}`, headers: other.headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: 'URL not found' });
    }
  });
});
