import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import QRCode from 'qrcode';
import { givePlan } from '../../testing/plans.ts';
import { signUp, startTestApp, type TestApp } from '../../testing/test-app.ts';
import { pixelColour, scanPng } from '../../testing/test-images.ts';
import { contrastRatio, QR_MIN_CONTRAST } from '@linkledger/contracts/qr-design-rules';

// A link's QR design (docs/links.md#qr-design): on Pro and Enterprise, in colours a reader can
// scan; the QR routes draw what was saved, and the code still scans.
describe('a link’s QR design', () => {
  let t: TestApp;
  let pro: Record<string, string>;
  let free: Record<string, string>;
  let link: { id: number; short_code: string };
  const target = () => `https://lnk.example/${link.short_code}?src=qr`;
  const patch = (headers: Record<string, string>, id: number, qr: unknown) =>
    t.app.inject({ method: 'PATCH', url: `/api/urls/${id}`, headers, payload: { qr } });

  beforeAll(async () => {
    t = await startTestApp({ PUBLIC_URL: 'https://lnk.example/' });
    const owner = await signUp(t.app, 'brand@example.com');
    await givePlan(t.platform, owner.user.id, 'pro');
    pro = owner.headers;
    free = (await signUp(t.app, 'plain@example.com')).headers;
    link = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: pro, payload: { original_url: 'https://example.com/menu' } })).json();
  });
  afterAll(async () => t.close());

  it('is refused on a plan without QR customization, naming the feature, while clearing it is not', async () => {
    const own = (await t.app.inject({ method: 'POST', url: '/api/urls', headers: free, payload: { original_url: 'https://example.com/a' } })).json();
    const refused = await patch(free, own.id, { fg_color: '#123456' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().detail).toMatch(/^QR code design \(colours and a logo\) is available on the Pro and Enterprise plans/);
    const created = await t.app.inject({ method: 'POST', url: '/api/urls', headers: free, payload: { original_url: 'https://example.com/b', qr: {} } });
    expect(created.statusCode).toBe(403);
    expect((await patch(free, own.id, null)).statusCode).toBe(200);
  });

  it('refuses colours too faint to scan and a light code on a dark ground, naming the field', async () => {
    const faint = await patch(pro, link.id, { fg_color: '#aaaaaa', bg_color: '#ffffff' });
    expect(faint.statusCode).toBe(400);
    expect(faint.json()).toEqual({
      detail:
        'The QR colours #aaaaaa on #ffffff have a contrast of 2.32:1; at least 4.5:1 is needed for the code to scan. Darken the foreground or lighten the background.',
      field: 'qr.fg_color',
    });
    const inverted = await patch(pro, link.id, { fg_color: '#ffffff', bg_color: '#000000' });
    expect(inverted.statusCode).toBe(400);
    expect(inverted.json().field).toBe('qr.fg_color');
    expect(inverted.json().detail).toMatch(/darker than the background/);
  });

  it('is saved and answered with the link, and the PNG is drawn in it and scans', async () => {
    const design = { fg_color: '#1B5E20', bg_color: '#FFF8E1', ec_level: 'Q', margin: 6 };
    const saved = await patch(pro, link.id, design);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().qr).toEqual({ fg_color: '#1b5e20', bg_color: '#fff8e1', ec_level: 'Q', margin: 6, logo_id: null });

    const png = (await t.app.inject({ url: `/api/urls/${link.id}/qr.png?size=400`, headers: pro })).rawPayload;
    expect(png.readUInt32BE(16)).toBe(400);
    expect(scanPng(png)).toBe(target());
    // The quiet zone is 6 modules of background; the finder pattern's corner is the first foreground pixel.
    const modules = QRCode.create(target(), { errorCorrectionLevel: 'Q' }).modules.size;
    const modulePixels = 400 / (modules + 12);
    const corner = Math.ceil(6 * modulePixels) + 1;
    expect(pixelColour(png, 1, 1)).toBe('#fff8e1');
    expect(pixelColour(png, Math.floor(6 * modulePixels) - 2, Math.floor(6 * modulePixels) - 2)).toBe('#fff8e1');
    expect(pixelColour(png, corner, corner)).toBe('#1b5e20');

    const svg = (await t.app.inject({ url: `/api/urls/${link.id}/qr.svg`, headers: pro })).body;
    expect(svg).toContain(`viewBox="0 0 ${modules + 12} ${modules + 12}"`);
    expect(svg).toContain('fill="#fff8e1"');
    expect(svg).toContain('stroke="#1b5e20"');
  });

  it('still scans at the least contrast it allows', async () => {
    const [fg, bg] = ['#767676', '#ffffff'];
    expect(contrastRatio(fg, bg)).toBeGreaterThanOrEqual(QR_MIN_CONTRAST);
    expect(contrastRatio(fg, bg)).toBeLessThan(QR_MIN_CONTRAST + 0.1);
    for (const [ec_level, margin, size] of [
      ['L', 2, 256],
      ['M', 4, 400],
      ['H', 2, 512],
    ] as const) {
      expect((await patch(pro, link.id, { fg_color: fg, bg_color: bg, ec_level, margin })).statusCode).toBe(200);
      const png = (await t.app.inject({ url: `/api/urls/${link.id}/qr.png?size=${size}`, headers: pro })).rawPayload;
      expect(scanPng(png), `${ec_level} ${margin} ${size}`).toBe(target());
    }
  });

  it('returns to black on white when cleared', async () => {
    const cleared = await patch(pro, link.id, null);
    expect(cleared.json().qr).toBeNull();
    const png = (await t.app.inject({ url: `/api/urls/${link.id}/qr.png`, headers: pro })).rawPayload;
    expect(pixelColour(png, 0, 0)).toBe('#ffffff');
    expect(scanPng(png)).toBe(target());
  });
});
