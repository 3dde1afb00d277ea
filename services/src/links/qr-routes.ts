import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorBody, IdParams, QrQuery } from '@linkledger/contracts';
import type { Platform } from '../platform/platform.ts';
import { fileBody } from '../http/file-body.ts';
import { publicBase, shortUrl } from './link-response.ts';
import { ownLink } from './routes.ts';
import { routesFor } from '../http/declared-routes.ts';
import { drawQrPng, drawQrSvg, PLAIN_QR } from './qr/qr-drawing.ts';
import { workspaceLogo } from './qr/qr-logos.ts';

/** What a QR code of a link encodes: its short URL marked so scans count as source "qr". */
export function qrTarget(shortLink: string): string {
  const url = new URL(shortLink);
  url.searchParams.set('src', 'qr');
  return url.toString();
}

/** What a plan without QR codes is told (docs/plans.md#feature-gate): every plan as shipped has them; an admin's edited plan may not. */
const QR_CODES = { key: 'qr_code_generation', refusal: 'QR codes are not part of this workspace’s plan (qr_code_generation).' } as const;

export async function linkQrRoutes(app: FastifyInstance, platform: Platform) {
  const readers = routesFor(app, { access: 'user', workspace: 'links:read', feature: QR_CODES });

  const formats = [
    { ext: 'png', type: 'image/png', render: drawQrPng },
    { ext: 'svg', type: 'image/svg+xml', render: drawQrSvg },
  ] as const;

  for (const { ext, type, render } of formats) {
    readers.get(`/api/urls/:id/qr.${ext}`, {
      summary: `QR code (${ext.toUpperCase()}) of one of the caller’s links, drawn in the link’s saved design (colours, error correction, margin, logo); it opens the short URL with ?src=qr, so scans show as QR in analytics`,
      params: IdParams,
      querystring: QrQuery,
      response: {
        200: { description: `The QR code as ${ext.toUpperCase()}`, content: { [type]: { schema: z.string() } } },
        403: ErrorBody,
        404: ErrorBody,
      },
      handler: async ({ request, reply, workspace }) => {
        const link = await ownLink(platform, workspace.id, request.params.id);
        const design = link.qr ?? PLAIN_QR;
        const logo = design.logo_id ? await workspaceLogo(platform, workspace.id, design.logo_id) : null;
        const image = await render(qrTarget(shortUrl(publicBase(platform, request), link)), request.query.size, design, logo);
        return reply
          .type(type)
          .header('content-disposition', `inline; filename="qr-${link.short_code}.${ext}"`)
          .header('cache-control', 'private, no-cache')
          .send(fileBody(image));
      },
    });
  }
}
