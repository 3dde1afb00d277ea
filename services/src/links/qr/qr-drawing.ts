import QRCode from 'qrcode';
import { PNG } from 'pngjs';
import type { QrLogoUploaded, StoredQrDesign } from '@linkledger/contracts';
import { logoPixels, type LogoPixels } from './qr-logo-image.ts';

/**
 * A link's QR code without a design of its own: black on white, medium error correction
 * (survives a worn print), a 2-module quiet zone (enough on screens and paper).
 */
export const PLAIN_QR: StoredQrDesign = { fg_color: '#000000', bg_color: '#ffffff', ec_level: 'M', margin: 2 };

/** The logo's side as a share of the code's side (quiet zone left out): well inside what error correction H restores. */
const LOGO_SHARE = 0.2;
/** A band of background colour around the logo, as a share of its box, so no module touches it. */
const LOGO_PAD = 0.1;

export type QrLogo = Pick<QrLogoUploaded, 'content_type' | 'image_base64'>;

const options = (design: StoredQrDesign) => ({
  errorCorrectionLevel: design.ec_level,
  margin: design.margin,
  color: { dark: `${design.fg_color}ff`, light: `${design.bg_color}ff` },
});

/** Where the logo goes, in the drawing's own units (pixels of the PNG, modules of the SVG's viewBox). */
function logoBox(text: string, design: StoredQrDesign, side: number) {
  const modules = QRCode.create(text, { errorCorrectionLevel: design.ec_level }).modules.size;
  const codeSide = (side * modules) / (modules + 2 * design.margin);
  const box = codeSide * LOGO_SHARE;
  const pad = box * LOGO_PAD;
  return { box, pad, start: (side - box) / 2 };
}

/** The code as PNG, `size` pixels square, in the design's colours, with the logo composited in the centre. */
export async function drawQrPng(text: string, size: number, design: StoredQrDesign = PLAIN_QR, logo: QrLogo | null = null): Promise<Buffer> {
  const png = await QRCode.toBuffer(text, { ...options(design), type: 'png', width: size });
  if (!logo) return png;
  const image = PNG.sync.read(png);
  const { box, pad, start } = logoBox(text, design, image.width);
  const background = [1, 3, 5].map((at) => parseInt(design.bg_color.slice(at, at + 2), 16)) as [number, number, number];
  fillSquare(image, Math.floor(start - pad), Math.ceil(start + box + pad), background);
  drawLogo(image, logoPixels(logo.content_type, Buffer.from(logo.image_base64, 'base64')), start, box, background);
  return PNG.sync.write(image);
}

/** The code as SVG of `size` pixels, in the design's colours, the logo embedded as a data: URI image in the centre. */
export async function drawQrSvg(text: string, size: number, design: StoredQrDesign = PLAIN_QR, logo: QrLogo | null = null): Promise<string> {
  const svg = await QRCode.toString(text, { ...options(design), type: 'svg', width: size });
  if (!logo) return svg;
  const modules = QRCode.create(text, { errorCorrectionLevel: design.ec_level }).modules.size;
  const { box, pad, start } = logoBox(text, design, modules + 2 * design.margin);
  const n = (value: number) => Number(value.toFixed(3));
  const pieces = [
    `<rect x="${n(start - pad)}" y="${n(start - pad)}" width="${n(box + 2 * pad)}" height="${n(box + 2 * pad)}" fill="${design.bg_color}"/>`,
    `<image x="${n(start)}" y="${n(start)}" width="${n(box)}" height="${n(box)}" preserveAspectRatio="xMidYMid meet" href="data:${logo.content_type};base64,${logo.image_base64}"/>`,
  ];
  return svg.replace('</svg>', `${pieces.join('')}</svg>`);
}

type Rgb = [number, number, number];

function fillSquare(image: PNG, from: number, to: number, [r, g, b]: Rgb) {
  for (let y = Math.max(0, from); y < Math.min(image.height, to); y++) {
    for (let x = Math.max(0, from); x < Math.min(image.width, to); x++) {
      const at = (y * image.width + x) * 4;
      image.data[at] = r;
      image.data[at + 1] = g;
      image.data[at + 2] = b;
      image.data[at + 3] = 255;
    }
  }
}

/** Scales the logo (bilinear, aspect kept) into the square box and blends it by its alpha over the background. */
function drawLogo(image: PNG, logo: LogoPixels, start: number, box: number, background: Rgb) {
  const scale = Math.min(box / logo.width, box / logo.height);
  const width = Math.max(1, Math.round(logo.width * scale));
  const height = Math.max(1, Math.round(logo.height * scale));
  const left = Math.round(start + (box - width) / 2);
  const top = Math.round(start + (box - height) / 2);
  const sample = (x: number, y: number, channel: number) => logo.data[(y * logo.width + x) * 4 + channel]!;
  for (let y = 0; y < height; y++) {
    const sy = Math.min(logo.height - 1, Math.max(0, (y + 0.5) / scale - 0.5));
    const y0 = Math.floor(sy);
    const y1 = Math.min(logo.height - 1, y0 + 1);
    const fy = sy - y0;
    for (let x = 0; x < width; x++) {
      const sx = Math.min(logo.width - 1, Math.max(0, (x + 0.5) / scale - 0.5));
      const x0 = Math.floor(sx);
      const x1 = Math.min(logo.width - 1, x0 + 1);
      const fx = sx - x0;
      const value = (channel: number) =>
        (sample(x0, y0, channel) * (1 - fx) + sample(x1, y0, channel) * fx) * (1 - fy) +
        (sample(x0, y1, channel) * (1 - fx) + sample(x1, y1, channel) * fx) * fy;
      const alpha = value(3) / 255;
      const at = ((top + y) * image.width + left + x) * 4;
      for (let channel = 0; channel < 3; channel++) image.data[at + channel] = Math.round(value(channel) * alpha + background[channel]! * (1 - alpha));
      image.data[at + 3] = 255;
    }
  }
}
