import { z } from 'zod';
import { QR_LOGO_TYPES } from '../events/qr-logos.ts';

/** The largest QR logo file taken, and the pixel bounds its image must fall in (docs/links.md#qr-design). */
export const QR_LOGO_MAX_BYTES = 200 * 1024;
export const QR_LOGO_MIN_PIXELS = 32;
export const QR_LOGO_MAX_PIXELS = 2048;

export const QrLogoResponse = z.object({
  id: z.number().describe('The logo’s id, to set as qr.logo_id on the workspace’s links'),
  content_type: z.enum(QR_LOGO_TYPES),
  width: z.number(),
  height: z.number(),
});
export type QrLogoResponse = z.infer<typeof QrLogoResponse>;
