import { z } from 'zod';
import { QR_LOGO_TYPES } from '../events/qr-logos.ts';

export { QR_LOGO_MAX_BYTES, QR_LOGO_MAX_PIXELS, QR_LOGO_MIN_PIXELS } from '../qr-design-rules.ts';

export const QrLogoResponse = z.object({
  id: z.number().describe('The logo’s id, to set as qr.logo_id on the workspace’s links'),
  content_type: z.enum(QR_LOGO_TYPES),
  width: z.number(),
  height: z.number(),
});
export type QrLogoResponse = z.infer<typeof QrLogoResponse>;
