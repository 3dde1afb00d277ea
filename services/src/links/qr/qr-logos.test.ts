import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PNG } from 'pngjs';
import { givePlan } from '../../testing/plans.ts';
import { signUp, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { discPng, pixelColour, plainJpeg, scanPng } from '../../testing/test-images.ts';

// QR logos (docs/links.md#qr-design): uploaded once per workspace as PNG or JPEG, checked by
// decoding, served back as they came, and drawn in the centre of the code, which still scans.
describe('QR logos', () => {
  let t: TestApp;
  let pro: Record<string, string>;
  let rival: Record<string, string>;
  let link: { id: number; short_code: string };
  const logo = discPng(96);
  const upload = (headers: Record<string, string>, body: Buffer | string, type = 'image/png') =>
    t.app.inject({ method: 'POST', url: '/api/qr-logos', headers: { ...headers, 'content-type': type }, payload: body });
  const patchQr = (qr: unknown) => t.app.inject({ method: 'PATCH', url: `/api/urls/${link.id}`, headers: pro, payload: { qr } });

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example/' });
    const owner = await signUp(t.app, 'logo@example.com');
    const other = await signUp(t.app, 'rival@example.com');
    await givePlan(t.platform, owner.user.id, 'pro');
    await givePlan(t.platform, other.user.id, 'pro');
    pro = owner.headers;
    rival = other.headers;
    link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: pro, payload: { original_url: 'https://example.com/cafe' } })).json();
  });
  afterAll(async () => t.close());

  it('stores a PNG once and serves it back as it came, not to be sniffed', async () => {
    const first = await upload(pro, logo);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({ id: 1, content_type: 'image/png', width: 96, height: 96 });
    // The same file again (whatever type the client names) is the same logo: nothing more is stored.
    const again = await upload(pro, logo, 'application/octet-stream');
    expect(again.json()).toEqual({ id: 1, content_type: 'image/png', width: 96, height: 96 });
    const owner = (await t.app.inject({ url: '/api/users/me', headers: pro })).json<{ id: number }>();
    expect(await t.platform.events.readStream(`qr-logos-${owner.id}`)).toHaveLength(1);

    const served = await t.app.inject({ url: '/api/qr-logos/1', headers: pro });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.rawPayload.equals(logo)).toBe(true);
  });

  it('takes a JPEG, checked by its bytes', async () => {
    const response = await upload(pro, plainJpeg(120, 80), 'image/png');
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toEqual({ id: 2, content_type: 'image/jpeg', width: 120, height: 80 });
    expect((await t.app.inject({ url: '/api/qr-logos/2', headers: pro })).headers['content-type']).toBe('image/jpeg');
  });

  it('refuses SVG, other files, unreadable images and images too large or too small', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.cookie)</script></svg>';
    const huge = PNG.sync.write(new PNG({ width: 40, height: 40 }));
    huge.writeUInt32BE(30_000, 16); // the header claims 30000×40 pixels: refused before any decoding
    const heavy = Buffer.concat([logo, Buffer.alloc(201 * 1024)]);
    for (const [body, detail] of [
      [Buffer.from(svg), 'SVG logos are not accepted (an SVG can carry scripts); upload a PNG or JPEG.'],
      [Buffer.from('GIF89a…'), 'The logo must be a PNG or JPEG image.'],
      [Buffer.concat([logo.subarray(0, 60), Buffer.alloc(40)]), 'The logo could not be read as an image; upload a PNG or JPEG file.'],
      [huge, 'The logo is 30000×40 pixels; it must be at most 2048×2048.'],
      [discPng(16), 'The logo is 16×16 pixels; it must be at least 32×32.'],
      [heavy, `The logo is ${Math.ceil(heavy.length / 1024)} KB; it must be at most 200 KB.`],
      [Buffer.alloc(0), 'Send the logo image as the request body (a PNG or JPEG file).'],
    ] as const) {
      const response = await upload(pro, body, 'image/svg+xml');
      expect(response.statusCode, detail).toBe(400);
      expect(response.json()).toEqual({ detail, field: 'logo' });
    }
    const flood = await upload(pro, Buffer.alloc(5 * 1024 * 1024, 1));
    expect(flood.statusCode).toBe(413);
    expect(flood.json().detail).toBeTypeOf('string');
  });

  it('is the workspace’s own: another workspace can neither see nor use it', async () => {
    expect((await t.app.inject({ url: '/api/qr-logos/1', headers: rival })).statusCode).toBe(404);
    const rivalLink = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: rival, payload: { original_url: 'https://example.com/r' } })).json();
    const borrowed = await t.app.inject({ method: 'PATCH', url: `/api/urls/${rivalLink.id}`, headers: rival, payload: { qr: { logo_id: 1 } } });
    expect(borrowed.statusCode).toBe(400);
    expect(borrowed.json()).toEqual({ detail: 'QR logo 1 is not one of this workspace’s logos; upload it first (POST /api/qr-logos).', field: 'qr.logo_id' });
  });

  it('is drawn in the centre of the PNG and the SVG with error correction H, and the code still scans', async () => {
    const saved = await patchQr({ fg_color: '#0d47a1', bg_color: '#ffffff', ec_level: 'L', margin: 4, logo_id: 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().qr).toEqual({ fg_color: '#0d47a1', bg_color: '#ffffff', ec_level: 'H', margin: 4, logo_id: 1 });

    for (const size of [256, 600]) {
      const png = (await t.app.inject({ url: `/api/urls/${link.id}/qr.png?size=${size}`, headers: pro })).rawPayload;
      expect(png.readUInt32BE(16)).toBe(size);
      expect(pixelColour(png, size / 2, size / 2)).toBe('#dc143c'); // the disc's red
      expect(scanPng(png)).toBe(`https://lnk.example/${link.short_code}?src=qr`);
    }
    const svg = (await t.app.inject({ url: `/api/urls/${link.id}/qr.svg`, headers: pro })).body;
    expect(svg).toContain(`href="data:image/png;base64,${logo.toString('base64')}"`);
    expect(svg.match(/<image /g)).toHaveLength(1);
  });

  it('cannot be uploaded on a plan without QR customization', async () => {
    const free = await signUp(t.app, 'nologo@example.com');
    const response = await upload(free.headers, logo);
    expect(response.statusCode).toBe(403);
    expect(response.json().detail).toMatch(/^QR code design/);
  });
});
