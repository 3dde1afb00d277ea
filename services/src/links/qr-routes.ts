import type { FastifyInstance } from 'fastify';
import QRCode from 'qrcode';
import { z } from 'zod';
import { ErrorBody, IdParams, QrQuery } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { fileBody } from '../http/file-body.ts';
import { publicBase, shortUrl } from './link-response.ts';
import { ownLink } from './routes.ts';
import { routesFor } from '../http/declared-routes.ts';

/** What a QR code of a link encodes: its short URL marked so scans count as source "qr". */
export function qrTarget(shortLink: string): string {
  const url = new URL(shortLink);
  url.searchParams.set('src', 'qr');
  return url.toString();
}

// Medium error correction survives a worn print; a 2-module quiet zone is enough on screens and paper.
const QR_OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

export const qrPng = (text: string, size: number) => QRCode.toBuffer(text, { ...QR_OPTIONS, type: 'png', width: size });
export const qrSvg = (text: string, size: number) => QRCode.toString(text, { ...QR_OPTIONS, type: 'svg', width: size });

export async function linkQrRoutes(app: FastifyInstance, platform: Platform) {
  const readers = routesFor(app, { access: 'user', workspace: 'links:read' });

  const formats = [
    { ext: 'png', type: 'image/png', render: async (text: string, size: number) => qrPng(text, size) },
    { ext: 'svg', type: 'image/svg+xml', render: async (text: string, size: number) => qrSvg(text, size) },
  ] as const;

  for (const { ext, type, render } of formats) {
    readers.get(`/api/urls/:id/qr.${ext}`, {
      summary: `QR code (${ext.toUpperCase()}) of one of the caller’s links; it opens the short URL with ?src=qr, so scans show as QR in analytics`,
      params: IdParams,
      querystring: QrQuery,
      response: {
        200: { description: `The QR code as ${ext.toUpperCase()}`, content: { [type]: { schema: z.string() } } },
        404: ErrorBody,
      },
      handler: async ({ request, reply, workspace }) => {
        const link = await ownLink(platform, workspace.id, request.params.id);
        const image = await render(qrTarget(shortUrl(publicBase(platform, request), link)), request.query.size);
        return reply
          .type(type)
          .header('content-disposition', `inline; filename="qr-${link.short_code}.${ext}"`)
          .header('cache-control', 'private, no-cache')
          .send(fileBody(image));
      },
    });
  }
}
