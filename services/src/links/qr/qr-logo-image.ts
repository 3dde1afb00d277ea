import { createHash } from 'node:crypto';
import { PNG } from 'pngjs';
import jpeg from 'jpeg-js';
import { QR_LOGO_MAX_BYTES, QR_LOGO_MAX_PIXELS, QR_LOGO_MIN_PIXELS, type QrLogoUploaded } from '@linkledger/contracts';
import { invalid } from '../../commands/domain-error.ts';

/** A logo's pixels, RGBA row by row, as the PNG drawing composites them. */
export interface LogoPixels {
  width: number;
  height: number;
  data: Uint8Array;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const isPng = (bytes: Buffer) => bytes.subarray(0, 8).equals(PNG_SIGNATURE);
const isJpeg = (bytes: Buffer) => bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
/** An SVG or any XML/HTML text: the first non-blank character is "<". */
const looksLikeMarkup = (bytes: Buffer) => /^\s*</.test(bytes.subarray(0, 256).toString('latin1'));

const UNREADABLE = 'The logo could not be read as an image; upload a PNG or JPEG file.';
const kb = (bytes: number) => `${Math.ceil(bytes / 1024)} KB`;

/** Decodes a logo as stored (bytes already checked at upload). */
export function logoPixels(contentType: QrLogoUploaded['content_type'], bytes: Buffer): LogoPixels {
  if (contentType === 'image/png') return PNG.sync.read(bytes);
  return jpeg.decode(bytes, { useTArray: true, formatAsRGBA: true, maxResolutionInMP: (QR_LOGO_MAX_PIXELS * QR_LOGO_MAX_PIXELS) / 1e6 });
}

function pixelBoundsCheck(width: number, height: number) {
  if (width < QR_LOGO_MIN_PIXELS || height < QR_LOGO_MIN_PIXELS) {
    throw invalid(`The logo is ${width}×${height} pixels; it must be at least ${QR_LOGO_MIN_PIXELS}×${QR_LOGO_MIN_PIXELS}.`, 'logo');
  }
  if (width > QR_LOGO_MAX_PIXELS || height > QR_LOGO_MAX_PIXELS) {
    throw invalid(`The logo is ${width}×${height} pixels; it must be at most ${QR_LOGO_MAX_PIXELS}×${QR_LOGO_MAX_PIXELS}.`, 'logo');
  }
}

/**
 * Checks an uploaded logo (docs/links.md#qr-design) by its bytes, never by the type the
 * client claims: a PNG or JPEG of at most 200 KB whose image decodes and whose pixels fall
 * in the bounds. A PNG's size is read from its header before anything is decoded, a JPEG's
 * decoder stops at the pixel bound, so a small file that would unpack into a huge image
 * costs nothing. SVG is refused: it may hold scripts, and a logo is served from our origin.
 */
export function checkedLogo(bytes: Buffer): Pick<QrLogoUploaded, 'content_type' | 'width' | 'height' | 'sha256' | 'image_base64'> {
  if (bytes.length === 0) throw invalid('Send the logo image as the request body (a PNG or JPEG file).', 'logo');
  if (bytes.length > QR_LOGO_MAX_BYTES) throw invalid(`The logo is ${kb(bytes.length)}; it must be at most ${kb(QR_LOGO_MAX_BYTES)}.`, 'logo');
  let content_type: QrLogoUploaded['content_type'];
  if (isPng(bytes)) {
    if (bytes.length < 24) throw invalid(UNREADABLE, 'logo');
    pixelBoundsCheck(bytes.readUInt32BE(16), bytes.readUInt32BE(20));
    content_type = 'image/png';
  } else if (isJpeg(bytes)) {
    content_type = 'image/jpeg';
  } else if (looksLikeMarkup(bytes)) {
    throw invalid('SVG logos are not accepted (an SVG can carry scripts); upload a PNG or JPEG.', 'logo');
  } else {
    throw invalid('The logo must be a PNG or JPEG image.', 'logo');
  }
  let pixels: LogoPixels;
  try {
    pixels = logoPixels(content_type, bytes);
  } catch (error) {
    if (error instanceof Error && /maxResolutionInMP/.test(error.message)) {
      throw invalid(`The logo must be at most ${QR_LOGO_MAX_PIXELS}×${QR_LOGO_MAX_PIXELS} pixels.`, 'logo');
    }
    throw invalid(UNREADABLE, 'logo');
  }
  pixelBoundsCheck(pixels.width, pixels.height);
  return {
    content_type,
    width: pixels.width,
    height: pixels.height,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    image_base64: bytes.toString('base64'),
  };
}
