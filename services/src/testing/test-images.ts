import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import jsQRModule from 'jsqr';

// jsqr is CommonJS whose types declare an ES default export: under Node's interop the module is the function (and has it as .default).
const jsQR = jsQRModule.default;

type Rgba = [number, number, number, number];

/** A square logo of `side` pixels: a filled disc of `colour` on transparency (a PNG's alpha is part of what is drawn). */
export function discPng(side: number, colour: Rgba = [220, 20, 60, 255]): Buffer {
  const png = new PNG({ width: side, height: side });
  const r = side / 2;
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const inside = (x + 0.5 - r) ** 2 + (y + 0.5 - r) ** 2 <= r * r;
      png.data.set(inside ? colour : [0, 0, 0, 0], (y * side + x) * 4);
    }
  }
  return PNG.sync.write(png);
}

/** A JPEG of one colour, `width`×`height`. */
export function plainJpeg(width: number, height: number, [r, g, b]: [number, number, number] = [30, 90, 200]): Buffer {
  const data = Buffer.alloc(width * height * 4);
  for (let at = 0; at < data.length; at += 4) data.set([r, g, b, 255], at);
  return jpeg.encode({ width, height, data }, 90).data;
}

/** What a QR code in a PNG reads as (a phone camera's decoder), or null when it does not scan. */
export function scanPng(png: Buffer): string | null {
  const image = PNG.sync.read(png);
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
}

/** The #rrggbb colour of one pixel of a PNG. */
export function pixelColour(png: Buffer, x: number, y: number): string {
  const image = PNG.sync.read(png);
  const at = (y * image.width + x) * 4;
  return `#${[0, 1, 2].map((channel) => image.data[at + channel]!.toString(16).padStart(2, '0')).join('')}`;
}
