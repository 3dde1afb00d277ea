import { z } from 'zod';

/** The image types a QR logo may be (docs/links.md#qr-design): SVG is refused, it can carry scripts. */
export const QR_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;

/**
 * A workspace uploaded a logo for its QR codes (stream `qr-logos-{workspaceId}`). The image
 * itself is in the event, so a backup of the log holds it; the same image uploaded again is
 * not stored twice (its SHA-256 finds the first). Ids count up within the workspace.
 */
const QrLogoUploadedV1 = z.object({
  workspace_id: z.number().int().positive(),
  logo_id: z.number().int().positive(),
  content_type: z.enum(QR_LOGO_TYPES),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  /** The uploaded file as it came, base64. */
  image_base64: z.string(),
});
export type QrLogoUploaded = z.infer<typeof QrLogoUploadedV1>;

export const qrLogoEvents = {
  QrLogoUploaded: { 1: QrLogoUploadedV1 },
} as const;
